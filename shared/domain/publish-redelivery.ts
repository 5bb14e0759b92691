/**
 * When a publish-queue message whose run did not finish the post comes back (
 * docs/decisions/0033-publish-retries-in-seconds.md). The queue's own visibility timeout is long on purpose (it hides
 * a message a run is still working on), so the publisher shortens it for a record it gives back:
 * a run that failed returns after 2, 4, 8, 16 s, and the fifth failure reaches the dead-letter
 * queue (maxReceiveCount 5) about half a minute after the first; a record whose platforms another
 * run holds returns one second after that claim's lease ends, when it may take the platform over.
 */
export type Redelivery =
  | { reason: 'failed'; /** The record's ApproximateReceiveCount: 1 on its first delivery. */ receiveCount: number }
  | { reason: 'held'; heldUntil: Date; now: Date };

/** Receives before the queue dead-letters a message (the publish queue's maxReceiveCount). */
export const PUBLISH_MAX_RECEIVES = 5;
/** The longest a message may stay hidden (SQS: 12 hours). */
export const MAX_VISIBILITY_SECONDS = 12 * 60 * 60;

const FIRST_RETRY_SECONDS = 2;

/** Seconds from now until the record is visible again: a whole number from 1 to 12 hours. */
export function redeliveryDelaySeconds(redelivery: Redelivery): number {
  if (redelivery.reason === 'failed') {
    const receives = Math.min(Math.max(Math.floor(redelivery.receiveCount) || 1, 1), PUBLISH_MAX_RECEIVES - 1);
    return FIRST_RETRY_SECONDS * 2 ** (receives - 1);
  }
  const untilLeaseEnds = Math.ceil((redelivery.heldUntil.getTime() - redelivery.now.getTime()) / 1000);
  return Math.min(Math.max(untilLeaseEnds + 1, 1), MAX_VISIBILITY_SECONDS);
}
