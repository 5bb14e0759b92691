import { usePlatformPublisher } from '#shared/platforms/registry';
import { createBenchAccount, type BenchAccount } from './fixtures';
import { createPostFloor, listPostsFloor, listProfilesFloor, type FloorStep } from './floor';
import { callService } from './http-client';
import { POST_CONTENT } from './settings';
import { TimingPublisher } from './timing-publisher';

/** One endpoint under test: how to call it over HTTP, in-process, and what its floor is. */
export interface Endpoint {
  name: string;
  operation: string;
  method: 'GET' | 'POST';
  path: string;
  routeKey: string;
  query?: Record<string, string>;
  body?: string;
  account: BenchAccount;
  floor: FloorStep;
}

export interface Scenario {
  endpoints: Endpoint[];
  /** The account whose posts the publish-delay phase schedules. */
  publishAccount: BenchAccount;
  /** The account GET /profiles and POST /posts run on (both profiles connected). */
  loadAccount: BenchAccount;
  /** Records every Bluesky publication (nothing leaves the machine). */
  bluesky: TimingPublisher;
  /** Gives the GET /posts account its 50 posts. */
  seed(baseUrl: string): Promise<void>;
}

/**
 * The bench's data and endpoints: three pro accounts (monthly limit 10,000,000), recording
 * platform adapters, and the three endpoints with their floors. Service modules are loaded
 * here, so import this module only once the environment holds the settings.
 */
export async function prepareScenario(): Promise<Scenario> {
  const bluesky = new TimingPublisher('bluesky');
  usePlatformPublisher('bluesky', bluesky);
  usePlatformPublisher('linkedin', new TimingPublisher('linkedin'));
  const pro = { plan: 'pro' as const, monthlyLimit: 10_000_000 };
  const loadAccount = await createBenchAccount({ name: 'bench load', ...pro, platforms: ['bluesky', 'linkedin'] });
  const listAccount = await createBenchAccount({ name: 'bench list', ...pro, platforms: ['bluesky'] });
  const publishAccount = await createBenchAccount({ name: 'bench publish', ...pro, platforms: ['bluesky'] });
  // Bluesky has no spacing rule: the same body can be posted again and again.
  const scheduledFor = new Date(Date.now() + 36 * 3_600_000).toISOString();
  const createBody = { content: POST_CONTENT, platforms: ['bluesky'], scheduled_for: scheduledFor };
  const endpoints: Endpoint[] = [
    {
      name: 'GET /profiles',
      operation: 'list-profiles',
      method: 'GET',
      path: '/profiles',
      routeKey: 'GET /profiles',
      account: loadAccount,
      floor: listProfilesFloor(loadAccount),
    },
    {
      name: 'POST /posts',
      operation: 'create-post',
      method: 'POST',
      path: '/posts',
      routeKey: 'POST /posts',
      body: JSON.stringify(createBody),
      account: loadAccount,
      floor: createPostFloor(loadAccount, POST_CONTENT, scheduledFor),
    },
    {
      name: 'GET /posts?limit=20',
      operation: 'list-posts',
      method: 'GET',
      path: '/posts',
      query: { limit: '20' },
      routeKey: 'GET /posts',
      account: listAccount,
      floor: listPostsFloor(listAccount),
    },
  ];
  return {
    endpoints,
    publishAccount,
    loadAccount,
    bluesky,
    seed: async (baseUrl) => {
      for (let index = 0; index < 50; index += 1) {
        const created = await callService(baseUrl, 'POST', '/posts', listAccount.apiKey, createBody);
        if (created.status !== 201) throw new Error(`seeding: POST /posts gave ${created.status}`);
      }
    },
  };
}
