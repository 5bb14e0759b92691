/**
 * An SQS queue and the Lambda event source that consumes it, emulated in virtual time with
 * their documented semantics: a message is invisible until its DelaySeconds (whole seconds,
 * 0..900) have passed; the event source polls continuously and invokes the function with a batch
 * of up to `batchSize` visible messages, never with more than `maxConcurrency` invocations at
 * once (the rest wait in the queue, none is dropped); a record reported as failed becomes visible
 * again when its visibility timeout ends, and goes to the dead-letter queue after
 * `maxReceiveCount` receives.
 */
export interface QueueSettings {
  batchSize: number;
  maxConcurrency: number;
  visibilityTimeoutMs: number;
  maxReceiveCount: number;
  /** Time from a message becoming visible to the poller's invoke (long polling: tens of ms). */
  pickupMs: () => number;
}

export interface QueuedMessage {
  id: string;
  body: string;
  receiveCount: number;
}

/** One invocation: runs the function on a batch at virtual `startMs`; answers how long it ran and which records failed. */
export type Invoke = (batch: QueuedMessage[], startMs: number) => Promise<{ durationMs: number; failedIds: string[] }>;

export interface QueueFigures {
  sent: number;
  invocations: number;
  peakConcurrency: number;
  redeliveries: number;
  deadLettered: number;
  /** Virtual time the last invocation ended. */
  drainedAtMs: number;
}

export class SqsLambdaEmulation {
  private readonly waiting: { visibleAt: number; message: QueuedMessage }[] = [];
  private readonly running: number[] = []; // end times of invocations in flight
  private counter = 0;
  readonly figures: QueueFigures = { sent: 0, invocations: 0, peakConcurrency: 0, redeliveries: 0, deadLettered: 0, drainedAtMs: 0 };

  constructor(
    private readonly settings: QueueSettings,
    private readonly invoke: Invoke,
  ) {}

  send(body: string, delaySeconds: number, nowMs: number): void {
    if (!Number.isInteger(delaySeconds) || delaySeconds < 0 || delaySeconds > 900)
      throw new Error(`SQS refuses DelaySeconds ${delaySeconds}`);
    this.figures.sent += 1;
    this.enqueue({ id: `m${(this.counter += 1)}`, body, receiveCount: 0 }, nowMs + delaySeconds * 1000);
  }

  /** Time of the next thing this emulation will do by itself, or Infinity. */
  nextEventMs(): number {
    const nextVisible = this.waiting.length ? this.waiting[0]!.visibleAt + 0 : Infinity;
    if (this.running.length < this.settings.maxConcurrency) return nextVisible;
    return Math.max(nextVisible, Math.min(...this.running));
  }

  /** Invokes the function for whatever is due by `nowMs`, respecting the concurrency bound. */
  async runUntil(nowMs: number): Promise<void> {
    for (;;) {
      const next = this.nextEventMs();
      if (next > nowMs || next === Infinity) return;
      this.retire(next);
      if (this.running.length >= this.settings.maxConcurrency) continue;
      const start = next + this.settings.pickupMs();
      const batch = this.takeVisible(next);
      if (batch.length === 0) continue;
      this.figures.invocations += 1;
      const { durationMs, failedIds } = await this.invoke(batch, start);
      const end = start + durationMs;
      this.running.push(end);
      this.figures.peakConcurrency = Math.max(this.figures.peakConcurrency, this.running.length);
      this.figures.drainedAtMs = Math.max(this.figures.drainedAtMs, end);
      for (const message of batch.filter((candidate) => failedIds.includes(candidate.id))) {
        if (message.receiveCount >= this.settings.maxReceiveCount) this.figures.deadLettered += 1;
        else {
          this.figures.redeliveries += 1;
          this.enqueue(message, start + this.settings.visibilityTimeoutMs);
        }
      }
    }
  }

  get pending(): number {
    return this.waiting.length;
  }

  private retire(nowMs: number): void {
    for (let index = this.running.length - 1; index >= 0; index -= 1) if (this.running[index]! <= nowMs) this.running.splice(index, 1);
  }

  private takeVisible(nowMs: number): QueuedMessage[] {
    const batch: QueuedMessage[] = [];
    while (batch.length < this.settings.batchSize && this.waiting.length && this.waiting[0]!.visibleAt <= nowMs) {
      const { message } = this.waiting.shift()!;
      message.receiveCount += 1;
      batch.push(message);
    }
    return batch;
  }

  private enqueue(message: QueuedMessage, visibleAt: number): void {
    // Sorted insert by visibility: the queue is at most tens of thousands of messages.
    let low = 0;
    let high = this.waiting.length;
    while (low < high) {
      const middle = (low + high) >> 1;
      if (this.waiting[middle]!.visibleAt <= visibleAt) low = middle + 1;
      else high = middle;
    }
    this.waiting.splice(low, 0, { visibleAt, message });
  }
}
