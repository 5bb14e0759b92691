import { config } from '#shared/config';
import type { PublishTrigger } from '#shared/domain/publish-timing';

/**
 * The publish queue port: hands a post to the publisher after a delay, without any function
 * waiting for it. In AWS an SQS queue (DelaySeconds) that the publisher consumes; locally the
 * in-process scheduler (local/local-scheduler.ts), registered by the local launcher.
 */
export interface PublishQueue {
  /** Delivers the trigger to the publisher `delaySeconds` (0..900) from now. */
  send(trigger: PublishTrigger, delaySeconds: number): Promise<void>;
}

let registered: PublishQueue | undefined;

/** Registers the implementation (the local launcher and tests do). */
export function usePublishQueue(queue: PublishQueue | undefined): void {
  registered = queue;
}

/** The process's publish queue: the registered one, else SQS (AWS). */
export async function publishQueue(): Promise<PublishQueue> {
  if (registered) return registered;
  if (config.local) throw new Error('No local publish queue registered: start the service with local/local-stack.ts');
  const { SqsPublishQueue } = await import('./publish-queue-sqs');
  registered = new SqsPublishQueue(config.aws.publishQueueUrl);
  return registered;
}
