import { startFakeLinkedIn, type FakeLinkedIn } from '../fakes/fake-linkedin';
import { startTestPds, type TestPds, type TestUser } from './pds';
import { startTestService, type TestService } from './test-service';
import { openAuthorizationUrl } from './linkedin-browser';

/**
 * The whole service on this machine with both platforms for real: a Bluesky PDS in-process, the
 * fake LinkedIn, and one pro account with both profiles connected through the public API (the
 * Bluesky app password, the LinkedIn OAuth round trip). For end-to-end tests of publishing.
 */
export interface ConnectedPlatforms {
  pds: TestPds;
  linkedin: FakeLinkedIn;
  service: TestService;
  alice: TestUser;
  apiKey: string;
  stop(): Promise<void>;
}

/** The service's extra settings, or a function of the platforms that start before it (to put a fault proxy in front of one). */
export type ConnectedSettings =
  Record<string, string> | ((platforms: { pds: TestPds; linkedin: FakeLinkedIn }) => Promise<Record<string, string>>);

export async function startConnectedPlatforms(linkedinMember: string, env: ConnectedSettings = {}): Promise<ConnectedPlatforms> {
  const pds = await startTestPds();
  const linkedin = await startFakeLinkedIn();
  let settings: Record<string, string>;
  try {
    settings = typeof env === 'function' ? await env({ pds, linkedin }) : env;
  } catch (error) {
    await linkedin.stop();
    await pds.stop();
    throw error;
  }
  const service = await startTestService({ ...linkedin.settings(), BLUESKY_SERVICE_URL: pds.url, PUBLISH_RETRY_BASE_MS: '1', ...settings });
  const stop = async () => {
    (await import('#shared/ports/clock')).useClock();
    await service.stop();
    await linkedin.stop();
    await pds.stop();
  };
  try {
    return { pds, linkedin, service, stop, ...(await connectBoth(pds, linkedin, service, linkedinMember)) };
  } catch (error) {
    await stop();
    throw error;
  }
}

async function connectBoth(
  pds: TestPds,
  linkedin: FakeLinkedIn,
  service: TestService,
  linkedinMember: string,
): Promise<{ alice: TestUser; apiKey: string }> {
  const alice = await pds.createUser('alice');
  const { apiKey } = await service.createAccount({ plan: 'pro' });
  const connected = await service.call('POST', '/profiles/bluesky', {
    key: apiKey,
    body: { handle: alice.handle, app_password: alice.appPassword },
  });
  if (connected.status !== 201) throw new Error(`connecting Bluesky gave ${connected.status}`);
  const authorized = await service.call('POST', '/profiles/linkedin/authorize', { key: apiKey });
  const browser = await openAuthorizationUrl(service.baseUrl, authorized.json.authorization_url);
  const { callbackUrl } = linkedin.approve(browser.linkedInUrl, { sub: linkedinMember, name: linkedinMember });
  const callback = await service.call('GET', `/profiles/linkedin/callback${new URL(callbackUrl).search}`, {
    headers: { cookie: browser.cookie },
  });
  if (callback.status !== 201) throw new Error(`connecting LinkedIn gave ${callback.status}`);
  return { alice, apiKey };
}
