/**
 * The emulated AWS world's clock: real time plus an offset the test can advance, so that a
 * schedule 20 minutes ahead, an SQS delay or Lambda's retry a minute later happen without waiting.
 * Every part of the emulation reads it (queue delays, schedules, async retries), and each function
 * process gets the offset with every invocation (lambda-runtime-shim.cjs shifts its Date by it), so
 * the bundles, the services and the test agree on "now". Timers run in time order when real time
 * reaches them or when `advance` jumps past them.
 */
interface Timer {
  at: number;
  sequence: number;
  run: () => void;
}

export class WorldClock {
  private offsetMs = 0;
  private timers: Timer[] = [];
  private sequence = 0;
  private realTimer: NodeJS.Timeout | undefined;
  private stopped = false;

  now(): number {
    return Date.now() + this.offsetMs;
  }

  get offset(): number {
    return this.offsetMs;
  }

  /** Runs `run` once the world's time reaches `at` (ms since the epoch). Returns a canceller. */
  at(at: number, run: () => void): () => void {
    const timer = { at, sequence: this.sequence++, run };
    this.timers.push(timer);
    this.arm();
    return () => {
      this.timers = this.timers.filter((other) => other !== timer);
      this.arm();
    };
  }

  /** Time jumps forward; whatever falls due runs, in order. */
  advance(ms: number): void {
    if (ms < 0) throw new Error('the world clock only moves forward');
    this.offsetMs += ms;
    this.fireDue();
  }

  /** The earliest pending timer's time, if any is due by `by`. */
  hasDueBy(by: number): boolean {
    return this.timers.some((timer) => timer.at <= by);
  }

  stop(): void {
    this.stopped = true;
    this.timers = [];
    if (this.realTimer) clearTimeout(this.realTimer);
  }

  private fireDue(): void {
    for (;;) {
      const due = this.timers.filter((timer) => timer.at <= this.now()).sort((a, b) => a.at - b.at || a.sequence - b.sequence)[0];
      if (!due || this.stopped) break;
      this.timers = this.timers.filter((timer) => timer !== due);
      due.run();
    }
    this.arm();
  }

  private arm(): void {
    if (this.realTimer) clearTimeout(this.realTimer);
    this.realTimer = undefined;
    if (this.stopped || this.timers.length === 0) return;
    const next = Math.min(...this.timers.map((timer) => timer.at));
    this.realTimer = setTimeout(() => this.fireDue(), Math.max(0, Math.min(next - this.now(), 2 ** 31 - 1)));
  }
}
