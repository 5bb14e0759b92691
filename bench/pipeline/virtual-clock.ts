import type { Clock } from '#shared/ports/clock';

/**
 * Virtual time for the pipeline model: stands still between events; while a function runs it
 * moves with the real time the code takes (store calls on DynamoDB Local) plus the modelled time
 * of calls that are not made for real (a platform's answer).
 */
export class VirtualClock implements Clock {
  private baseMs = 0;
  private realStart: number | undefined;
  private modelledMs = 0;

  now(): Date {
    const running = this.realStart === undefined ? 0 : performance.now() - this.realStart;
    return new Date(this.baseMs + running + this.modelledMs);
  }

  set(ms: number): void {
    this.baseMs = ms;
    this.realStart = undefined;
    this.modelledMs = 0;
  }

  /** A function starts at `ms`. */
  enter(ms: number): void {
    this.set(ms);
    this.realStart = performance.now();
  }

  /** Time that passes without real work (a modelled remote call). */
  pass(ms: number): void {
    this.modelledMs += ms;
  }

  /** The function ends: its duration, real plus modelled. */
  leave(): number {
    const duration = this.now().getTime() - this.baseMs;
    this.set(this.baseMs + duration);
    return duration;
  }
}
