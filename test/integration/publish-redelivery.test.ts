import { fixedClock, useClock } from '#shared/ports/clock';
import type { LocalScheduler } from '../../local/local-scheduler';
import { installStoreFaults, withoutSdkBackoff, type StoreFaults } from '../faults/store-faults';
import { ScriptedPublisher } from '../support/fake-publishers';
import { startTestService, type TestService } from '../support/test-service';

/**
 * The publish queue's failure path over the real publisher handler and the local queue emulation
 * (docs/decisions/0033-publish-retries-in-seconds.md): a record whose run fails comes back 2, 4, 8,
 * 16 s later and is dead-lettered after its fifth failure; a record held by another run's claim
 * comes back one second after that claim's lease ends, and then finishes the post. Time is the
 * clock port's: the local queue hands over what the moved clock made due when settled.
 */
describe('publish queue redelivery (handler and local queue)', () => {
  let service: TestService;
  let faults: StoreFaults;
  let restoreBackoff: () => void;
  let bluesky: ScriptedPublisher;
  let queue: LocalScheduler;
  let account: { accountId: string; apiKey: string };
  const clock = fixedClock(new Date());

  beforeAll(async () => {
    useClock(clock);
    service = await startTestService();
    const { db } = await import('#shared/store/client');
    faults = installStoreFaults(db, { rates: {}, kinds: [] });
    restoreBackoff = await withoutSdkBackoff(db);
    const { usePlatformPublisher } = await import('#shared/platforms/registry');
    bluesky = new ScriptedPublisher('bluesky');
    usePlatformPublisher('bluesky', bluesky);
    const { scheduler } = await import('#shared/ports/registry');
    queue = (await scheduler()) as unknown as LocalScheduler;
    account = await service.createAccount({ plan: 'pro' });
    await service.connectProfile(account.accountId, 'bluesky');
  });
  afterEach(() => {
    faults.setPlan({ rates: {}, kinds: [] });
    jest.restoreAllMocks();
  });
  afterAll(async () => {
    faults?.uninstall();
    restoreBackoff?.();
    await service?.stop();
    useClock();
  });

  const createPost = async (body: Record<string, unknown> = {}) => {
    const response = await service.call('POST', '/posts', {
      key: account.apiKey,
      body: { content: 'Again', platforms: ['bluesky'], ...body },
    });
    expect(response.status).toBe(201);
    return response.json.post as { id: string; scheduled_for: string | null };
  };
  const statusOf = async (postId: string) => (await service.call('GET', `/posts/${postId}`, { key: account.apiKey })).json.post.status;
  /** Moves the clock on and lets the local queue hand over whatever became due. */
  const advance = async (ms: number) => {
    clock.advance(ms);
    await queue.settle();
  };

  it('brings a failed run back after 2, 4, 8 and 16 s and dead-letters it after its fifth failure', async () => {
    const redeliveries = jest.spyOn(queue, 'redeliverIn');
    // Every read of this post fails (the store unavailable for it): each run throws.
    let postId = '';
    faults.setPlan({
      rates: { GetItem: 1 },
      kinds: ['InternalServerError'],
      match: (_operation, input) => postId !== '' && JSON.stringify(input).includes(postId),
    });
    const post = await createPost({ scheduled_for: new Date(clock.now().getTime() + 60_000).toISOString() });
    postId = post.id;
    await advance(60_000);
    expect(redeliveries.mock.calls.map(([, seconds]) => seconds)).toEqual([2]);

    for (const [waitSeconds, asked] of [
      [2, [2, 4]],
      [4, [2, 4, 8]],
      [8, [2, 4, 8, 16]],
    ] as const) {
      await advance(waitSeconds * 1000 - 1);
      expect(redeliveries).toHaveBeenCalledTimes(asked.length - 1);
      await advance(1);
      expect(redeliveries.mock.calls.map(([, seconds]) => seconds)).toEqual(asked);
    }
    expect(queue.deadLetters.filter(({ trigger }) => trigger.post_id === postId)).toEqual([]);
    await advance(16_000);
    // The fifth delivery failed too: dead-lettered 30 s after the first failure, nothing left to deliver.
    expect(redeliveries).toHaveBeenCalledTimes(5);
    expect(queue.deadLetters.filter(({ trigger }) => trigger.post_id === postId)).toEqual([
      { trigger: expect.objectContaining({ post_id: postId }), receives: 5 },
    ]);
    expect(queue.isScheduled(postId)).toBe(false);
    await advance(15 * 60_000);
    expect(redeliveries).toHaveBeenCalledTimes(5);
    expect(bluesky.callsFor(postId)).toBe(0);
    faults.setPlan({ rates: {}, kinds: [] });
    expect(await statusOf(postId)).toBe('scheduled');
  });

  it('brings a record held by another run back one second after that run’s claim lease ends, and finishes the post', async () => {
    const { claimPlatform, claimScheduledPost } = await import('#shared/store/post-publication');
    const { claimLeaseMs } = await import('#shared/use-cases/publish-post');
    const post = await createPost({ scheduled_for: new Date(clock.now().getTime() + 60 * 60_000).toISOString() });
    // Another run took the post and its platform and went quiet (a crashed Lambda).
    expect(await claimScheduledPost(post.id, post.scheduled_for!)).toBeDefined();
    const heldFrom = clock.now();
    const claim = await claimPlatform(post.id, 'bluesky', heldFrom, new Date(heldFrom.getTime() - claimLeaseMs()), 'crashed-run');
    expect(claim.outcome).toBe('claimed');
    const redeliveries = jest.spyOn(queue, 'redeliverIn');

    await queue.send({ post_id: post.id }, 0);
    await advance(0);
    const leaseSeconds = claimLeaseMs() / 1000;
    expect(redeliveries.mock.calls.map(([, seconds]) => seconds)).toEqual([leaseSeconds + 1]);
    expect(bluesky.callsFor(post.id)).toBe(0);

    await advance((leaseSeconds + 1) * 1000 - 1);
    expect(bluesky.callsFor(post.id)).toBe(0);
    expect(await statusOf(post.id)).toBe('publishing');
    await advance(1);
    // The lease is over: this delivery takes the platform over and publishes.
    expect(bluesky.callsFor(post.id)).toBe(1);
    expect(await statusOf(post.id)).toBe('published');
    expect(redeliveries).toHaveBeenCalledTimes(1);
  });
});
