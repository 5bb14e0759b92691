import type { PublishTrigger } from '#shared/domain/publish-timing';
import { fixedClock, useClock } from '#shared/ports/clock';
import { LocalScheduler } from '../../local/local-scheduler';

/**
 * The local scheduler holds one trigger per post version, as Scheduler and SQS do: an edit's new
 * version waits beside the old one, and cancelling the old version (even late) leaves the new one.
 */
describe('local scheduler: post versions', () => {
  const start = new Date('2026-11-23T10:00:00.000Z');
  const postId = '3f0e4a1c-5b6d-4e7f-8a9b-0c1d2e3f4a5b';
  const clock = fixedClock(start);
  const delivered: PublishTrigger[] = [];
  const scheduler = new LocalScheduler(async (trigger) => void delivered.push(trigger), 5);

  beforeAll(() => {
    useClock(clock);
    scheduler.startTicking();
  });
  afterAll(async () => {
    await scheduler.stop();
    useClock();
  });
  /** What the clock has brought due is delivered (no sleep). */
  const tick = () => scheduler.settle();

  it('keeps the new version when the old one is cancelled after it was scheduled, and delivers each version at its own time', async () => {
    const first = new Date(start.getTime() + 60_000);
    const second = new Date(start.getTime() + 120_000);
    await scheduler.schedule(postId, first);
    await scheduler.schedule(postId, second, 1);
    await scheduler.schedule(postId, first, 2);
    await scheduler.cancel(postId, 1); // an edit's late cancel of the version it replaced
    expect(scheduler.isScheduled(postId)).toBe(true);
    clock.set(first);
    await tick();
    const publishes = () => delivered.filter((trigger) => !trigger.prepare);
    expect(publishes()).toEqual([
      { post_id: postId, due_at: first.toISOString() },
      { post_id: postId, due_at: first.toISOString(), version: 2 },
    ]);
    // Each live version's link-card preparation came with it (docs/decisions/0191-link-cards-prepared-before-the-due-time.md);
    // the cancelled version's did not.
    expect(delivered.filter((trigger) => trigger.prepare)).toEqual([
      { post_id: postId, due_at: first.toISOString(), prepare: true },
      { post_id: postId, due_at: first.toISOString(), version: 2, prepare: true },
    ]);
    clock.set(second);
    await tick();
    expect(delivered).toHaveLength(4);
    expect(scheduler.isScheduled(postId)).toBe(false);
  });
});
