import { config } from '#shared/config';

/**
 * The scheduler port: gets a post to the publisher at its time. In AWS one EventBridge
 * Scheduler one-time schedule per scheduled post and an asynchronous Lambda invoke for
 * immediate posts; locally an in-process scheduler (local/local-scheduler.ts) registered by
 * the local launcher with `useScheduler`.
 */
export interface PostScheduler {
  /** Arranges for the publisher to run for this post at `at`. Idempotent per post. */
  schedule(postId: string, at: Date): Promise<void>;
  /** Cancels a post's schedule; nothing happens when there is none. */
  cancel(postId: string): Promise<void>;
  /** Hands an immediate post to the publisher without waiting for it to publish. */
  publishNow(postId: string): Promise<void>;
}

let registered: PostScheduler | undefined;

/** Registers the implementation (the local launcher and tests do). */
export function useScheduler(scheduler: PostScheduler | undefined): void {
  registered = scheduler;
}

/** The process's scheduler: the registered one, else EventBridge Scheduler (AWS). */
export async function scheduler(): Promise<PostScheduler> {
  if (registered) return registered;
  if (config.local) throw new Error('No local scheduler registered: start the service with local/local-stack.ts');
  const { EventBridgePostScheduler } = await import('./scheduler-aws');
  registered = new EventBridgePostScheduler(config.aws);
  return registered;
}
