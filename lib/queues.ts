import { Duration, Validations } from 'aws-cdk-lib';
import type * as lambda from 'aws-cdk-lib/aws-lambda';
import * as sqs from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';

/**
 * The service's two SQS shapes, made one way: a dead-letter queue (encrypted, TLS only, 14 days
 * to replay from) and a work queue a Lambda function consumes, parking a message after five
 * failed runs. The publish, webhook and metrics queues are built from these, in the data stack
 * (lib/data-stack.ts): they hold messages, so a code deploy never replaces them.
 */
export function deadLetterQueue(scope: Construct, id: string, of: string): sqs.Queue {
  const queue = new sqs.Queue(scope, id, {
    encryption: sqs.QueueEncryption.SQS_MANAGED,
    enforceSSL: true,
    retentionPeriod: Duration.days(14),
  });
  Validations.of(queue).acknowledge({ id: 'AwsSolutions-SQS3', reason: `This queue is itself the dead-letter queue (${of}).` });
  return queue;
}

export function workQueue(scope: Construct, id: string, props: { consumerTimeout: Duration; deadLetterQueue: sqs.IQueue }): sqs.Queue {
  return new sqs.Queue(scope, id, {
    encryption: sqs.QueueEncryption.SQS_MANAGED,
    enforceSSL: true,
    // AWS's advice for a Lambda event source: at least six times the function's timeout, so a
    // message is never handed to a second invocation while the first still works on it (the
    // poller's retries against a throttled function count against this time too). It is not the
    // retry delay: a consumer that gives a message back shortens its visibility itself (the
    // publisher: seconds, docs/decisions/0033-publish-retries-in-seconds.md); only a run that never
    // answered (timed out, crashed) waits the whole timeout.
    visibilityTimeout: Duration.seconds(props.consumerTimeout.toSeconds() * 6),
    retentionPeriod: Duration.days(4),
    // A message whose run failed five times (store outage, a bug) is parked, alarmed, for replay.
    deadLetterQueue: { queue: props.deadLetterQueue, maxReceiveCount: 5 },
  });
}

/**
 * A work queue with its dead-letter queue, and the longest its consumer may run: the queue's
 * visibility timeout is sized for that consumer, which lives in another stack than the queue.
 */
export interface WorkQueues {
  queue: sqs.Queue;
  deadLetterQueue: sqs.Queue;
  consumerTimeout: Duration;
}

/**
 * `<scope>/<id>/DeadLetters` and `<scope>/<id>/<queueId>`: the construct paths (so the logical
 * ids) these queues had when each lived in its pipeline's construct in the single stack.
 */
export function workQueues(
  scope: Construct,
  id: string,
  props: { queueId: string; consumerTimeout: Duration; deadLettersOf: string },
): WorkQueues {
  const group = new Construct(scope, id);
  const deadLetters = deadLetterQueue(group, 'DeadLetters', props.deadLettersOf);
  const queue = workQueue(group, props.queueId, { consumerTimeout: props.consumerTimeout, deadLetterQueue: deadLetters });
  return { queue, deadLetterQueue: deadLetters, consumerTimeout: props.consumerTimeout };
}

/**
 * A consumer that may run longer than its queue was sized for would see its messages handed to a
 * second invocation while it still works on them: refuse to synthesize it.
 */
export function assertConsumerFits(queues: WorkQueues, consumer: lambda.IFunction, timeout: Duration | undefined): void {
  const seconds = timeout?.toSeconds() ?? 3;
  if (seconds > queues.consumerTimeout.toSeconds())
    throw new Error(
      `${consumer.node.path} runs up to ${seconds} s, but its queue was sized for a consumer of ${queues.consumerTimeout.toSeconds()} s (lib/data-stack.ts)`,
    );
}
