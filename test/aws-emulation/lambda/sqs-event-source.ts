import { REGION } from '../aws-names';
import type { LocalQueues, QueueMessage } from '../local-aws/sqs';
import type { RolePolicies } from '../role-policies';
import type { WorldClock } from '../world-clock';
import type { DeployedFunction, LambdaService } from './lambda-service';
import { invocationsInChain, invocationTraceHeader, MAX_INVOCATIONS_IN_CHAIN } from './recursion-detection';

export interface EventSourceOptions {
  queueArn: string;
  fn: DeployedFunction;
  batchSize: number;
  reportBatchItemFailures: boolean;
}

/** Lambda polls again this long after a refused or failed poll. */
const POLL_RETRY_MS = 60_000;

/**
 * The SQS event source mapping, as Lambda runs it: it polls the queue as the function's role
 * (sqs:ReceiveMessage), invokes the function with a batch, then deletes what succeeded
 * (sqs:DeleteMessage; with ReportBatchItemFailures, all but the failed items). A failed invocation
 * deletes nothing: the messages come back after the visibility timeout, then go to the dead-letter
 * queue. A refused poll or delete is recorded in `errors` (what the mapping's state shows in AWS).
 * Recursive-loop detection (lambda/recursion-detection.ts): a message whose chain has invoked the
 * function 16 times already is not handed to it but moved to the dead-letter queue, and recorded
 * in `recursionStopped`; the invocation continues the deepest chain of its batch (one trace
 * header per invocation: a batch of mixed chains counts as its deepest, never less).
 */
export class SqsEventSource {
  readonly errors: string[] = [];
  /** Messages Lambda's recursive-loop detection stopped: what AWS reports as the RecursiveInvocationsDropped metric. */
  readonly recursionStopped: Array<{ messageId: string; body: string; invocationsInChain: number }> = [];
  private polling = false;
  private again = false;

  constructor(
    private readonly options: EventSourceOptions,
    private readonly queues: LocalQueues,
    private readonly lambda: LambdaService,
    private readonly policies: RolePolicies,
    private readonly clock: WorldClock,
  ) {
    queues.onVisible(options.queueArn, () => void this.poll());
  }

  get queueArn(): string {
    return this.options.queueArn;
  }

  /** The operation of the function it feeds (through an alias or not). */
  get operation(): string {
    return this.options.fn.operation;
  }

  /** Whether a poll or its invocations are under way. */
  get busy(): boolean {
    return this.polling;
  }

  async poll(): Promise<void> {
    if (this.polling) return void (this.again = true);
    this.polling = true;
    try {
      do {
        this.again = false;
        await this.pollOnce();
      } while (this.again);
    } finally {
      this.polling = false;
    }
  }

  private async permitted(action: string): Promise<boolean> {
    const { fn, queueArn } = this.options;
    try {
      await this.policies.authorize(fn.principal, { action, resource: queueArn });
      return true;
    } catch (error) {
      this.errors.push(`${action}: ${(error as Error).message}`);
      return false;
    }
  }

  private async pollOnce(): Promise<void> {
    const { fn, queueArn, batchSize } = this.options;
    for (;;) {
      if (!this.queues.messages(queueArn).some((message) => message.visibleAt <= this.clock.now())) return;
      if (!(await this.permitted('sqs:ReceiveMessage')))
        return void this.clock.at(this.clock.now() + POLL_RETRY_MS, () => void this.poll());
      const batches: QueueMessage[][] = [];
      for (let batch = this.queues.receive(queueArn, batchSize); batch.length; batch = this.queues.receive(queueArn, batchSize))
        batches.push(batch);
      await Promise.all(batches.map((batch) => this.deliver(fn, batch)));
    }
  }

  private async deliver(fn: DeployedFunction, received: QueueMessage[]): Promise<void> {
    const chains = received.map((message) => ({ message, invocations: invocationsInChain(message.traceHeader, fn.arn) }));
    for (const { message, invocations } of chains.filter((chain) => chain.invocations >= MAX_INVOCATIONS_IN_CHAIN)) {
      this.recursionStopped.push({ messageId: message.messageId, body: message.body, invocationsInChain: invocations });
      this.queues.deadLetter(this.options.queueArn, message.receiptHandle);
    }
    const kept = chains.filter((chain) => chain.invocations < MAX_INVOCATIONS_IN_CHAIN);
    if (!kept.length) return;
    const batch = kept.map((chain) => chain.message);
    const deepest = kept.reduce((deep, chain) => (chain.invocations > deep.invocations ? chain : deep));
    const traceHeader = invocationTraceHeader(fn.arn, this.clock.now(), {
      traceHeader: deepest.message.traceHeader,
      invocations: deepest.invocations,
    });
    const outcome = await this.lambda.invoke(fn, { Records: batch.map((message) => this.record(message)) }, 'sqs', traceHeader);
    if (!outcome.ok) return;
    const failed = new Set(
      this.options.reportBatchItemFailures
        ? ((outcome.result as { batchItemFailures?: Array<{ itemIdentifier: string }> } | null)?.batchItemFailures ?? []).map(
            (item) => item.itemIdentifier,
          )
        : [],
    );
    for (const message of batch.filter((one) => !failed.has(one.messageId))) {
      if (await this.permitted('sqs:DeleteMessage')) this.queues.delete(this.options.queueArn, message.receiptHandle);
    }
  }

  private record(message: QueueMessage) {
    return {
      messageId: message.messageId,
      receiptHandle: message.receiptHandle,
      body: message.body,
      attributes: {
        ApproximateReceiveCount: String(message.receiveCount),
        SentTimestamp: String(message.sentAt),
        SenderId: message.sender,
        ApproximateFirstReceiveTimestamp: String(message.firstReceivedAt ?? message.sentAt),
        ...(message.traceHeader ? { AWSTraceHeader: message.traceHeader } : {}),
      },
      messageAttributes: {},
      md5OfBody: message.md5,
      eventSource: 'aws:sqs',
      eventSourceARN: this.options.queueArn,
      awsRegion: REGION,
    };
  }
}
