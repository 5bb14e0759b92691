/**
 * When and how a post reaches the publisher in AWS (docs/decisions/0017-on-time-without-waiting-the-publish-queue-aws.md).
 *
 * EventBridge Scheduler fires a one-time schedule anywhere in the minute it names (60 s precision),
 * and SQS holds a message back for a whole number of seconds (DelaySeconds, 0..900). So a post due
 * within the queue's reach is queued at once with the delay that lands it in the second before its
 * time; a later one gets a schedule two minutes ahead of its minute, whose short release step queues
 * it with the delay still to go. The queue does the waiting, for free; the publisher only waits out
 * the last second, which also hides its own start.
 */

/** SQS's largest DelaySeconds. */
export const MAX_QUEUE_DELAY_SECONDS = 900;
/** Posts due this close are queued directly (margin under the 900 s maximum for the time the send takes). */
export const DIRECT_QUEUE_HORIZON_MS = 840_000;
/** The schedule names the minute this far before the post's own minute (fires 60 to 180 s before the post). */
export const RELEASE_LEAD_MS = 120_000;
/** A publisher that gets a post this much early or less waits it out; more, and it queues it again. */
export const MAX_IN_FUNCTION_WAIT_MS = 1_000;

/** What the queue (and a schedule, through the release step) carries to the publisher. */
export interface PublishTrigger {
  post_id: string;
  /** The post time this trigger was made for; absent for an immediate post. A post moved since ignores it. */
  due_at?: string;
  /**
   * The post version this trigger was made for (every edit or retry makes a new version and a new
   * trigger); absent for posts never changed since creation (version 0). A post changed since ignores it.
   */
  version?: number;
  /**
   * Set on the message that prepares the post's link card ahead of its time (at release, or when
   * the post is queued directly): that run fetches and caches the card and publishes nothing
   * (docs/decisions/0191-link-cards-prepared-before-the-due-time.md).
   */
  prepare?: true;
}

/**
 * The whole seconds to hold a message back so that it is delivered within the second before
 * `dueAt`, never after it: the publisher waits out the rest (at most MAX_IN_FUNCTION_WAIT_MS).
 * Rounding up instead would deliver every post 0-1 s late, on top of the poll and any cold start;
 * rounding down hides both behind the wait (docs/performance.md, "AWS publishing path").
 */
export function queueDelaySeconds(dueAt: Date, now: Date): number {
  const seconds = Math.floor((dueAt.getTime() - now.getTime()) / 1000);
  return Math.min(MAX_QUEUE_DELAY_SECONDS, Math.max(0, seconds));
}

/** Directly onto the queue, or a schedule first. */
export const queuesDirectly = (dueAt: Date, now: Date): boolean => dueAt.getTime() - now.getTime() <= DIRECT_QUEUE_HORIZON_MS;

/** The instant a post's release schedule names: its minute, less the lead (Scheduler fires within that minute). */
export function releaseScheduleTime(dueAt: Date): Date {
  const minute = Math.floor(dueAt.getTime() / 60_000) * 60_000;
  return new Date(minute - RELEASE_LEAD_MS);
}

/** Parses a trigger from a queue message body or a schedule's input; undefined for anything else. */
export function parseTrigger(input: unknown): PublishTrigger | undefined {
  const value = typeof input === 'string' ? safeJson(input) : input;
  if (!value || typeof value !== 'object') return undefined;
  const { post_id: postId, due_at: dueAt, version, prepare } = value as Record<string, unknown>;
  if (typeof postId !== 'string' || !UUID.test(postId)) return undefined;
  if (dueAt !== undefined && (typeof dueAt !== 'string' || Number.isNaN(Date.parse(dueAt)))) return undefined;
  if (version !== undefined && !(Number.isSafeInteger(version) && (version as number) >= 0)) return undefined;
  return {
    post_id: postId,
    ...(dueAt === undefined ? {} : { due_at: dueAt }),
    ...(version === undefined ? {} : { version: version as number }),
    ...(prepare === true ? { prepare: true as const } : {}),
  };
}

/** The trigger of a post scheduled at `dueAt` in its `version` (0, never changed, is left out: triggers made before versions look the same). */
export const scheduledTrigger = (postId: string, dueAt: Date, version = 0): PublishTrigger => ({
  post_id: postId,
  due_at: dueAt.toISOString(),
  ...(version ? { version } : {}),
});

/** The message that prepares a scheduled trigger's link card (sent with no delay, ahead of the trigger itself). */
export const preparationOf = (trigger: PublishTrigger): PublishTrigger => ({ ...trigger, prepare: true });

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
