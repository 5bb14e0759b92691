import { ScriptedPublisher } from '../support/fake-publishers';
import { schedulerSettled } from '../support/scheduler-settled';
import { startTestService, type TestService } from '../support/test-service';
import { eventually } from '../support/eventually';

/**
 * Edits under concurrency, against DynamoDB Local and the real local scheduler and publisher
 * (scripted platforms): the LinkedIn spacing rule holds when many edits move posts into one
 * minute, concurrent edits of one post all land in turn, and an edit racing the post's time has
 * exactly one winner. Time moves through the clock port; the local scheduler ticks every 100 ms.
 */
jest.setTimeout(180_000);
const SPACING_ROUNDS = 3;
const DUE_TIME_ROUNDS = 50;

describe('edits under concurrency', () => {
  let service: TestService;
  const statuses: number[] = [];
  const bluesky = new ScriptedPublisher('bluesky');

  const call = async (...args: Parameters<TestService['call']>) => {
    const response = await service.call(...args);
    statuses.push(response.status);
    return response;
  };
  const plus = (date: Date, seconds: number) => new Date(date.getTime() + seconds * 1000).toISOString();

  beforeAll(async () => {
    service = await startTestService({ RATE_LIMIT_REQUESTS: '100000', PUBLISH_RETRY_BASE_MS: '1' });
    const { usePlatformPublisher } = await import('#shared/platforms/registry');
    usePlatformPublisher('bluesky', bluesky);
  });
  afterEach(async () => (await import('#shared/ports/clock')).useClock());
  afterAll(async () => {
    await service?.stop();
    expect(statuses).not.toContain(500);
  });

  it.each(Array.from({ length: SPACING_ROUNDS }, (_, round) => round + 1))(
    'round %i: 20 concurrent edits moving 20 LinkedIn posts into one minute: one 200, 19 × RATE_LIMIT_EXCEEDED at +60 s, nothing else moved',
    async () => {
      const { accountId, apiKey } = await service.createAccount({ plan: 'pro' });
      await service.connectProfile(accountId, 'linkedin');
      const base = new Date(Date.now() + 2 * 86_400_000);
      base.setUTCSeconds(0, 0);
      const posts: { id: string; at: string }[] = [];
      for (let index = 0; index < 20; index += 1) {
        const at = plus(base, index * 120);
        const created = await call('POST', '/posts', {
          key: apiKey,
          body: { content: `post ${index}`, platforms: ['linkedin'], scheduled_for: at },
        });
        expect(created.status).toBe(201);
        posts.push({ id: created.json.post.id, at });
      }
      // An hour before the first: clear of every post; seconds at random (the rule is 60 s, not calendar minutes).
      const target = new Date(base.getTime() - 3_600_000 + Math.floor(Math.random() * 60) * 1000);
      const responses = await Promise.all(
        posts.map((post) => call('PATCH', `/posts/${post.id}`, { key: apiKey, body: { scheduled_for: target.toISOString() } })),
      );
      const won = responses.filter((response) => response.status === 200);
      expect(won).toHaveLength(1);
      const refused = responses.filter((response) => response.status === 429);
      expect(refused).toHaveLength(19);
      for (const response of refused) {
        expect(response.json).toEqual({
          error: 'RATE_LIMIT_EXCEEDED',
          message: expect.stringContaining('60 seconds'),
          platform: 'linkedin',
          next_available: plus(target, 60),
        });
      }
      // The winner moved; every other post kept its time and its slot.
      for (const [index, post] of posts.entries()) {
        const now = (await call('GET', `/posts/${post.id}`, { key: apiKey })).json.post;
        expect(now.scheduled_for).toBe(responses[index].status === 200 ? target.toISOString() : post.at);
      }
      const loser = posts[responses.findIndex((response) => response.status === 429)];
      expect(
        (
          await call('POST', '/posts', {
            key: apiKey,
            body: { content: 'clash', platforms: ['linkedin'], scheduled_for: plus(new Date(loser.at), 30) },
          })
        ).status,
      ).toBe(429);
      const winner = posts[responses.findIndex((response) => response.status === 200)];
      const freed = await call('POST', '/posts', {
        key: apiKey,
        body: { content: 'its old slot is free', platforms: ['linkedin'], scheduled_for: plus(new Date(winner.at), 30) },
      });
      expect(freed.status).toBe(201);
      expect((await call('GET', '/usage', { key: apiKey })).json.usage.used).toBe(21);
    },
  );

  it('six concurrent edits of one post all land, one after another (each re-reads when another got in first)', async () => {
    const { accountId, apiKey } = await service.createAccount({ plan: 'pro' });
    await service.connectProfile(accountId, 'bluesky');
    const created = await call('POST', '/posts', {
      key: apiKey,
      body: { content: 'v0', platforms: ['bluesky'], scheduled_for: plus(new Date(), 7200) },
    });
    const id: string = created.json.post.id;
    const responses = await Promise.all(
      Array.from({ length: 6 }, (_, index) => call('PATCH', `/posts/${id}`, { key: apiKey, body: { content: `edit ${index}` } })),
    );
    expect(responses.map((response) => response.status)).toEqual(Array(6).fill(200));
    const { getPostItem } = await import('#shared/store/posts');
    const item = await getPostItem(id);
    expect(item?.version).toBe(6);
    expect(responses.map((response) => response.json.post.content)).toContain(item?.content);
  });

  it(`an edit racing the post's time, ${DUE_TIME_ROUNDS} rounds: a 200 publishes the new text (at the new time), POST_PUBLISHED the old one; once, never both, never neither`, async () => {
    const { accountId, apiKey } = await service.createAccount({ plan: 'pro' });
    await service.connectProfile(accountId, 'bluesky');
    const ports = await import('#shared/ports/clock');
    const clock = ports.fixedClock(new Date());
    ports.useClock(clock);
    const outcomes = { editWon: 0, publisherWon: 0 };
    const texts = (postId: string) => bluesky.calls.filter((request) => request.postId === postId).map((request) => request.content);
    const statusOf = async (postId: string) => (await call('GET', `/posts/${postId}`, { key: apiKey })).json.post.status as string;

    for (let round = 0; round < DUE_TIME_ROUNDS; round += 1) {
      const base = new Date(Date.now() + round * 3_600_000);
      clock.set(base);
      const dueAt = new Date(base.getTime() + 61_000);
      const created = await call('POST', '/posts', {
        key: apiKey,
        body: { content: `old ${round}`, platforms: ['bluesky'], scheduled_for: dueAt.toISOString() },
      });
      const postId: string = created.json.post.id;
      // Odd rounds also move the post two minutes on: a 200 must then publish at the new time, not the old.
      const movedTo = new Date(dueAt.getTime() + 120_000);
      const edit = { content: `new ${round}`, ...(round % 2 ? { scheduled_for: movedTo.toISOString() } : {}) };
      clock.set(dueAt); // the local scheduler fires within its 100 ms tick...
      await sleep(Math.random() * 160); // ...while the edit arrives somewhere around it
      const answer = await call('PATCH', `/posts/${postId}`, { key: apiKey, body: edit });
      expect([200, 400]).toContain(answer.status);
      if (answer.status === 200) {
        outcomes.editWon += 1;
        if (round % 2) {
          // Everything due at the old time has run: nothing may have been published then.
          await schedulerSettled();
          expect({ round, texts: texts(postId), status: await statusOf(postId) }).toEqual({ round, texts: [], status: 'scheduled' });
          clock.set(movedTo);
        }
      } else {
        outcomes.publisherWon += 1;
        expect(answer.json).toEqual({ error: 'POST_PUBLISHED', message: expect.any(String) });
      }
      await until(async () => (await statusOf(postId)) === 'published');
      await schedulerSettled(); // every run under way has ended: a second, wrong publication would show now
      expect({ round, texts: texts(postId) }).toEqual({ round, texts: [answer.status === 200 ? `new ${round}` : `old ${round}`] });
    }
    // Both branches were exercised, or the rounds proved little.
    expect(outcomes.editWon).toBeGreaterThan(0);
    expect(outcomes.publisherWon).toBeGreaterThan(0);
  });
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function until(condition: () => Promise<boolean>, timeoutMs = 10_000): Promise<void> {
  return eventually(
    async () => {
      if (!(await condition())) throw new Error('never published');
    },
    { timeoutMs, intervalMs: 25 },
  );
}
