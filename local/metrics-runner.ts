import { randomUUID } from 'node:crypto';
import type { Context, SQSBatchResponse, SQSEvent } from 'aws-lambda';
import type { MetricsTask } from '#shared/domain/post-metrics';
import { logger } from '#shared/logger';
import { clock } from '#shared/ports/clock';
import type { MetricsQueue } from '#shared/ports/metrics-queue';
import { outsideAnyRequest } from '#shared/store/client';
import { lambdaContext } from './lambda-context';

/** A run that failed (the store unavailable) comes back this much later, as the queue's visibility timeout would. */
const RETRY_AFTER_MS = 30_000;

/**
 * The local stand-in for the metrics queue and the schedules that feed it: holds each task until
 * the clock port reaches its time (checked every `tickMs`, so a moved test clock is noticed too),
 * then runs the collector's Lambda handler in-process with a one-record SQS batch, as the event
 * source would. One task per post and collection: sending it again replaces it (as the schedule's
 * name does in AWS). Held in memory only: a local restart forgets collections not yet due
 * (docs/decisions/0048-metrics-collection.md); a refresh brings a post's figures back.
 */
export class LocalMetricsRunner implements MetricsQueue {
  private readonly due = new Map<string, { at: number; task: MetricsTask }>();
  private readonly running = new Set<Promise<void>>();
  private timer: NodeJS.Timeout | undefined;

  constructor(private readonly tickMs = 100) {}

  start(): void {
    this.timer = setInterval(() => this.tick(), this.tickMs);
    this.timer.unref();
  }

  async send(task: MetricsTask, at: Date): Promise<void> {
    this.due.set(`${task.post_id}#${task.reason}`, { at: at.getTime(), task });
    if (at.getTime() <= clock.now().getTime() && this.timer) setImmediate(() => this.tick());
  }

  /** The collections held, soonest first (tests, diagnostics). */
  pending(): { task: MetricsTask; at: Date }[] {
    return [...this.due.values()].sort((a, b) => a.at - b.at).map(({ at, task }) => ({ task, at: new Date(at) }));
  }

  /** Runs whatever is due by the clock port, then waits until no run is under way (tests: no sleep). */
  async settle(): Promise<void> {
    this.tick();
    while (this.running.size > 0) await Promise.allSettled([...this.running]);
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    this.timer = undefined;
    while (this.running.size > 0) await Promise.allSettled([...this.running]);
  }

  private tick(): void {
    const now = clock.now().getTime();
    for (const [key, { at, task }] of this.due) {
      if (at > now) continue;
      this.due.delete(key);
      const run = invokeCollector(task)
        .catch((error: unknown) => {
          logger.warn('local metrics collection failed; delivering it again later', { post_id: task.post_id, error: error as Error });
          if (!this.due.has(key) && this.timer) this.due.set(key, { at: clock.now().getTime() + RETRY_AFTER_MS, task });
        })
        .finally(() => this.running.delete(run));
      this.running.add(run);
    }
  }
}

/** The collector function run in-process with a one-record batch from the metrics queue. */
async function invokeCollector(task: MetricsTask): Promise<void> {
  const { handler } = (await import('../functions/collect-metrics/handler')) as {
    handler: (event: SQSEvent, context: Context) => Promise<SQSBatchResponse>;
  };
  const messageId = randomUUID();
  const now = String(Date.now());
  const event: SQSEvent = {
    Records: [
      {
        messageId,
        receiptHandle: messageId,
        body: JSON.stringify(task),
        attributes: { ApproximateReceiveCount: '1', SentTimestamp: now, SenderId: 'local', ApproximateFirstReceiveTimestamp: now },
        messageAttributes: {},
        md5OfBody: '',
        eventSource: 'aws:sqs',
        eventSourceARN: 'arn:aws:sqs:local:000000000000:metrics-queue',
        awsRegion: 'local',
      },
    ],
  };
  const response = await outsideAnyRequest(() => handler(event, lambdaContext(randomUUID(), 'collect-metrics', 60_000)));
  if (response.batchItemFailures.length > 0) throw new Error(`collector reported a failed run for post ${task.post_id}`);
}
