import type { FakeLinkedIn } from '../fakes/fake-linkedin';
import { startConnectedPlatforms, type ConnectedPlatforms } from '../support/connected-platforms';
import type { TestPds, TestUser } from '../support/pds';
import { schedulerSettled } from '../support/scheduler-settled';
import type { TestService } from '../support/test-service';
import { eventually } from '../support/eventually';

/**
 * Editing and retrying end to end (docs/api.md, "Editing, rescheduling and retrying"): the real server and handlers, the local
 * scheduler and publisher, a real Bluesky PDS and the fake LinkedIn. What counts is what the
 * platforms hold: exactly the edited or corrected text, at its time, once. Time moves through the
 * clock port, never slept.
 */
describe('edit and retry, end to end', () => {
  let pds: TestPds;
  let linkedin: FakeLinkedIn;
  let service: TestService;
  let world: ConnectedPlatforms;
  let alice: TestUser;
  let apiKey: string;
  let clock: { now(): Date; advance(ms: number): void; set(date: Date): void };
  const start = new Date(Math.ceil(Date.now() / 60_000) * 60_000);

  beforeAll(async () => {
    world = await startConnectedPlatforms('lifecycle-member');
    ({ pds, linkedin, service, alice, apiKey } = world);
    const ports = await import('#shared/ports/clock');
    clock = ports.fixedClock(start);
    ports.useClock(clock);
  }, 90_000);
  afterAll(async () => {
    await world?.stop();
  });

  const at = (seconds: number) => new Date(start.getTime() + seconds * 1000);
  const read = async (postId: string) => (await service.call('GET', `/posts/${postId}`, { key: apiKey })).json.post;
  const used = async () => (await service.call('GET', '/usage', { key: apiKey })).json.usage.used as number;
  const until = (condition: () => Promise<boolean>, timeoutMs = 15_000) =>
    eventually(
      async () => {
        if (!(await condition())) throw new Error('timed out');
      },
      { timeoutMs, intervalMs: 50 },
    );
  /** What is due by the clock has been handed over and every publisher run has ended (no sleep). */
  const settle = schedulerSettled;
  const onLinkedIn = (text: string) => linkedin.createdPosts().filter((post) => post.text === text);
  const onBluesky = async (text: string) => (await pds.listPosts(alice.did)).filter((record) => record.value.text === text);

  it('an edit of content, platforms and time: each platform gets exactly the edited text at the edited time, once; usage does not move', async () => {
    const created = await service.call('POST', '/posts', {
      key: apiKey,
      body: { content: 'First draft, never to be seen', platforms: ['bluesky'], scheduled_for: at(120).toISOString() },
    });
    expect(created.status).toBe(201);
    const id: string = created.json.post.id;
    const usedAfterCreation = await used();
    const edited = 'Edited text [final] #launch';
    const response = await service.call('PATCH', `/posts/${id}`, {
      key: apiKey,
      body: { content: edited, platforms: ['linkedin', 'bluesky'], scheduled_for: at(300).toISOString() },
    });
    expect([response.status, response.json.post.status, response.json.post.platforms]).toEqual([200, 'scheduled', ['linkedin', 'bluesky']]);
    expect(await used()).toBe(usedAfterCreation);

    // The old time passes: nothing goes out (its trigger finds the post moved).
    clock.set(at(121));
    await settle();
    clock.set(at(299));
    await settle();
    expect((await read(id)).status).toBe('scheduled');
    expect([linkedin.createdPosts().length, (await pds.listPosts(alice.did)).length]).toEqual([0, 0]);

    clock.set(at(300));
    await until(async () => (await read(id)).status === 'published');
    await settle();
    const post = await read(id);
    expect(onLinkedIn(edited)).toHaveLength(1);
    expect(await onBluesky(edited)).toHaveLength(1);
    expect(onLinkedIn('First draft, never to be seen')).toHaveLength(0);
    expect(await onBluesky('First draft, never to be seen')).toHaveLength(0);
    expect(post.results.linkedin).toMatchObject({
      status: 'published',
      published_at: at(300).toISOString(),
      platform_post_id: onLinkedIn(edited)[0].urn,
    });
    expect(post.results.bluesky).toMatchObject({ status: 'published', published_at: at(300).toISOString() });
    expect(await used()).toBe(usedAfterCreation);
  });

  it('a post LinkedIn refused (PLATFORM_REJECTED), retried with corrected content: published once, with the correction', async () => {
    clock.set(at(600));
    linkedin.failNextPosts(1, { type: 'status', status: 422, message: 'Field /commentary contains a forbidden word' });
    const created = await service.call('POST', '/posts', {
      key: apiKey,
      body: { content: 'Forbidden word inside', platforms: ['linkedin'] },
    });
    const id: string = created.json.post.id;
    await until(async () => (await read(id)).status === 'failed');
    expect((await read(id)).results.linkedin.error).toEqual({
      code: 'PLATFORM_REJECTED',
      message: expect.stringContaining('forbidden word'),
    });
    const usedBefore = await used();

    const corrected = 'Corrected wording';
    const retried = await service.call('POST', `/posts/${id}/retry`, { key: apiKey, body: { content: corrected } });
    expect([retried.status, retried.json.post.status, retried.json.post.content]).toEqual([200, 'publishing', corrected]);
    await until(async () => (await read(id)).status === 'published');
    await settle();
    expect(onLinkedIn(corrected)).toHaveLength(1);
    expect(onLinkedIn('Forbidden word inside')).toHaveLength(0);
    expect(await used()).toBe(usedBefore);
  });

  it('a partially published post retries only the platform that failed: Bluesky keeps its one copy', async () => {
    clock.set(at(900));
    const text = 'Half published, then whole';
    linkedin.failNextPosts(1, { type: 'status', status: 422, message: 'Field /commentary is refused today' });
    const created = await service.call('POST', '/posts', { key: apiKey, body: { content: text, platforms: ['linkedin', 'bluesky'] } });
    const id: string = created.json.post.id;
    await until(async () => (await read(id)).status === 'partially_published');
    const blueskyBefore = (await read(id)).results.bluesky;

    clock.set(at(1000));
    const retried = await service.call('POST', `/posts/${id}/retry`, { key: apiKey });
    expect(retried.json.post.results).toMatchObject({ linkedin: { status: 'pending' }, bluesky: blueskyBefore });
    await until(async () => (await read(id)).status === 'published');
    await settle();
    expect(onLinkedIn(text)).toHaveLength(1);
    expect(await onBluesky(text)).toHaveLength(1);
    expect((await read(id)).results.bluesky).toEqual(blueskyBefore);
  });
});
