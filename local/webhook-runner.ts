import { logger } from '#shared/logger';
import { clock } from '#shared/ports/clock';
import type { DeliveryTask, WebhookQueue } from '#shared/ports/webhook-queue';
import { deliveryKey, scanOpenDeliveries } from '#shared/store/webhook-deliveries';
import { type WebhookEvent } from '#shared/domain/webhook';
import { scanUndispatchedWebhookEvents } from '#shared/store/webhook-events';

const keyOf = (task: DeliveryTask): string => `${task.webhook_id}/${deliveryKey(task).sk}`;

export interface WebhookFunctions {
  dispatch(events: WebhookEvent[]): Promise<void>;
  deliver(task: DeliveryTask): Promise<void>;
}

/** Like the SQS queue: a run that failed comes back after this, five times at most. */
const RETRY_AFTER_MS = 30_000;
const MAX_RECEIVES = 5;
/** Events announced this close together are dispatched together (one read of an account's endpoints). */
const BATCHING_WINDOW_MS = 10;

/**
 * The local stand-in for the table's stream and the webhook queue. Events announced after their
 * write go to the dispatcher at once; attempts wait in memory for their time on the clock port
 * (checked every `tickMs`) and then run, each on its own, none waiting for another, so an
 * endpoint that hangs holds up nothing else (an attempt is never run twice at once here). Durable because the store is the record: on start,
 * and every `rescanMs`, undispatched events and attempts not yet made are found again there.
 */
export class LocalWebhookRunner implements WebhookQueue {
  private readonly due = new Map<string, { task: DeliveryTask; receives: number }>();
  /** Attempts being made now: a rescan must not start them a second time. */
  private readonly inFlight = new Set<string>();
  private readonly running = new Set<Promise<void>>();
  private announced: WebhookEvent[] = [];
  private timers: NodeJS.Timeout[] = [];
  private batching: NodeJS.Timeout | undefined;

  constructor(
    private readonly functions: WebhookFunctions,
    private readonly tickMs = 100,
    private readonly rescanMs = 60_000,
  ) {}

  /** Finds what a stop left undone, then starts. Returns what it found. */
  async start(): Promise<{ events: number; attempts: number }> {
    const found = await this.recover();
    this.startTicking();
    this.timers.push(setInterval(() => void this.recover().catch(() => undefined), this.rescanMs));
    this.timers.forEach((timer) => timer.unref());
    return found;
  }

  /** Starts handing over what falls due (start() does it after recovering the store's work). */
  startTicking(): void {
    const timer = setInterval(() => this.tick(), this.tickMs);
    timer.unref();
    this.timers.push(timer);
    this.tick();
  }

  /**
   * The event feed's listener: events whose write has committed. Those announced within a few
   * milliseconds go to the dispatcher as one batch (at most 100), as the stream batches them.
   */
  readonly announce = (events: WebhookEvent[]): void => {
    if (!this.announced.length) this.batching = setTimeout(() => this.flush(), BATCHING_WINDOW_MS);
    this.announced.push(...events);
  };

  private flush(): void {
    clearTimeout(this.batching);
    const batches = [];
    for (let start = 0; start < this.announced.length; start += 100) batches.push(this.announced.slice(start, start + 100));
    this.announced = [];
    for (const batch of batches) {
      this.track(
        this.functions
          .dispatch(batch)
          .catch((error: unknown) =>
            logger.error('local webhook dispatch failed; found again on the next scan', { error: error as Error }),
          ),
      );
    }
  }

  async send(task: DeliveryTask): Promise<void> {
    this.enqueue(task, 0);
    // Tracked, so that a stop right after waits for the hand-over instead of leaving a delivery behind.
    if (Date.parse(task.due_at) <= clock.now().getTime())
      this.track(new Promise<void>((resolve) => setImmediate(() => resolve(this.tick()))));
  }

  /**
   * Dispatches what was announced and hands over what is due by the clock port at once, until no
   * work is under way (tests: after moving the clock, everything due has happened, with no sleep).
   */
  async settle(): Promise<void> {
    for (;;) {
      if (this.announced.length) this.flush();
      this.tick();
      if (this.running.size === 0) return;
      await Promise.allSettled([...this.running]);
    }
  }

  async stop(): Promise<void> {
    this.timers.forEach((timer) => clearInterval(timer));
    this.timers = [];
    // Events announced within the batching window go now, not after the stop (work left behind
    // outlives its caller: a test file's DynamoDB calls still open after its teardown).
    if (this.announced.length) this.flush();
    while (this.running.size > 0) await Promise.allSettled([...this.running]);
  }

  private enqueue(task: DeliveryTask, receives: number): void {
    const key = keyOf(task);
    if (!this.inFlight.has(key)) this.due.set(key, { task, receives });
  }

  private async recover(): Promise<{ events: number; attempts: number }> {
    const [events, open] = await Promise.all([scanUndispatchedWebhookEvents(), scanOpenDeliveries()]);
    if (events.length) this.announce(events);
    for (const row of open) {
      // Pending at its time; one cut short by a stop is pending still, and is made again.
      const dueAt = row.next_attempt_at ?? clock.now().toISOString();
      this.enqueue(
        {
          webhook_id: row.webhook_id,
          account_id: row.account_id,
          event_id: row.event_id,
          event_created_at: row.event_created_at,
          attempt: row.attempt,
          due_at: dueAt,
        },
        0,
      );
    }
    return { events: events.length, attempts: open.length };
  }

  private tick(): void {
    const now = clock.now().getTime();
    for (const [key, entry] of this.due) {
      if (Date.parse(entry.task.due_at) > now) continue;
      this.due.delete(key);
      this.inFlight.add(key);
      this.track(
        this.functions.deliver(entry.task).then(
          () => void this.inFlight.delete(key),
          (error: unknown) => {
            this.inFlight.delete(key);
            if (entry.receives + 1 >= MAX_RECEIVES)
              return logger.error('local webhook attempt failed five times; found again on the next start', {
                event_id: entry.task.event_id,
                error: error as Error,
              });
            this.enqueue({ ...entry.task, due_at: new Date(clock.now().getTime() + RETRY_AFTER_MS).toISOString() }, entry.receives + 1);
          },
        ),
      );
    }
  }

  private track(work: Promise<void>): void {
    const tracked = work.finally(() => this.running.delete(tracked));
    this.running.add(tracked);
  }
}
