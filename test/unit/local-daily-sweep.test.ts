import { fixedClock, useClock } from '#shared/ports/clock';
import { LocalScheduler } from '../../local/local-scheduler';

/**
 * The local stand-in for the daily sweep's recurring schedule (local/local-stack.ts registers the
 * sweep with `every(24 h)`): it runs at start, then once a day on the clock port, never twice at once.
 */
describe('a recurring job on the local scheduler', () => {
  afterEach(() => useClock());
  const settle = () => new Promise((resolve) => setTimeout(resolve, 30));

  it('runs at start and then every 24 hours of the clock, not in between', async () => {
    const clock = fixedClock(new Date('2026-11-23T10:00:00.000Z'));
    useClock(clock);
    const runs: string[] = [];
    const scheduler = new LocalScheduler(async () => undefined, 5);
    scheduler.every(86_400_000, async () => void runs.push(clock.now().toISOString()));
    scheduler.startTicking();
    try {
      // settle(): the scheduler has looked at the clock and every run it started has ended (no sleep).
      await scheduler.settle();
      expect(runs).toEqual(['2026-11-23T10:00:00.000Z']);
      clock.advance(86_399_000);
      await scheduler.settle();
      expect(runs).toHaveLength(1);
      clock.advance(1_000);
      await scheduler.settle();
      expect(runs).toEqual(['2026-11-23T10:00:00.000Z', '2026-11-24T10:00:00.000Z']);
    } finally {
      await scheduler.stop();
    }
  });

  it('never starts a run while the previous one is still going', async () => {
    const clock = fixedClock(new Date('2026-11-23T10:00:00.000Z'));
    useClock(clock);
    let running = 0;
    let most = 0;
    let release = (): void => undefined;
    const scheduler = new LocalScheduler(async () => undefined, 5);
    scheduler.every(1_000, async () => {
      running += 1;
      most = Math.max(most, running);
      await new Promise<void>((resolve) => (release = resolve));
      running -= 1;
    });
    scheduler.startTicking();
    try {
      await settle();
      clock.advance(5_000);
      await settle();
      expect(most).toBe(1);
      release();
    } finally {
      release();
      await scheduler.stop();
    }
  });
});
