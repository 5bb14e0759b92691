/**
 * LinkedIn spacing (docs/api.md, "Limits"): any two LinkedIn posts of an account are at least
 * 60 s apart. Time is cut into 60-second buckets; a bucket holds at most one post (two posts
 * in one bucket are always too close), and a post only needs checking against the posts in
 * the buckets either side of its own: anything further is more than 60 s away.
 */
export const SPACING_MS = 60_000;

export const spacingBucket = (time: Date): number => Math.floor(time.getTime() / SPACING_MS);

/** A post's hold on a spacing bucket: the bucket and the post's exact time in it. */
export interface SlotHold {
  bucket: number;
  timeMs: number;
}

export const slotHoldAt = (time: Date): SlotHold => ({ bucket: spacingBucket(time), timeMs: time.getTime() });

/**
 * How an edit or a retry moves a post's LinkedIn slot: from the hold it has (absent: none) to the
 * hold it needs (absent: none), in the transaction that changes the post.
 */
export interface SlotMove {
  from?: SlotHold;
  to?: SlotHold;
}

/** Whether a post at `time` keeps its distance from one at `other`. */
export const farEnough = (time: number, other: number): boolean => Math.abs(time - other) >= SPACING_MS;

/**
 * The earliest time at or after `requested` that is at least 60 s from every existing post
 * time. Existing 10:00:00 and 10:01:30, request 10:00:30 → 10:02:30.
 */
export function nextAvailable(requested: Date, existing: readonly Date[]): Date {
  const times = existing.map((date) => date.getTime()).sort((a, b) => a - b);
  let candidate = requested.getTime();
  // One pass in time order suffices: each conflict pushes the candidate to 60 s after that
  // post, and every later conflict lies further on.
  for (const time of times) {
    if (!farEnough(candidate, time)) candidate = Math.max(candidate, time + SPACING_MS);
  }
  return new Date(candidate);
}
