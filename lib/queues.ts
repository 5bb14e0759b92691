import { Duration, Validations } from 'aws-cdk-lib';
import * as sqs from 'aws-cdk-lib/aws-sqs';
import type { Construct } from 'constructs';

/**
 * The service's two SQS shapes, made one way: a dead-letter queue (encrypted, TLS only, 14 days
 * to replay from) and a work queue a Lambda function consumes, parking a message after five
 * failed runs. Both the publish queue and the webhook queue are built from these.
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
    // publisher: seconds, docs/decisions.md, "Publish retries in seconds"); only a run that never
    // answered (timed out, crashed) waits the whole timeout.
    visibilityTimeout: Duration.seconds(props.consumerTimeout.toSeconds() * 6),
    retentionPeriod: Duration.days(4),
    // A message whose run failed five times (store outage, a bug) is parked, alarmed, for replay.
    deadLetterQueue: { queue: props.deadLetterQueue, maxReceiveCount: 5 },
  });
}
