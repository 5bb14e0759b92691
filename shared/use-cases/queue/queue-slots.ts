import { DomainError } from '#shared/domain/errors';
import { farEnough, spacingBucket } from '#shared/domain/linkedin-spacing';
import type { Platform } from '#shared/domain/platforms';
import { earliestQueueTime, QUEUE_HORIZON_MS, slotInstants, type QueueSchedule } from '#shared/domain/queue-schedule';
import { dependencyUnavailable } from '#shared/store/dependency-errors';
import { logger } from '#shared/logger';
import { clock } from '#shared/ports/clock';
import { claimQueueSlotItem, countQueueSlotLoser, getQueueSchedule, heldQueueSlotReader } from '#shared/store/queue';
import { spacingTimesFrom } from '#shared/store/spacing-slots';
import { isConflictOnly } from '#shared/store/transaction-errors';

/**
 * Choosing and claiming a queue slot (docs/api.md, "Posting queue"). The choice is made from a
 * consistent read; the claim is a conditional put of the slot item inside the caller's own
 * transaction (the post's creation or scheduling), so the slot and the post are written together
 * or not at all. A caller whose transaction finds the slot taken (or, for LinkedIn, a post
 * written meanwhile within 60 s of it) throws QueueSlotTaken, and the next free slot is tried.
 */
export class QueueSlotTaken extends Error {
  /** true: another post holds the slot; false: the slot is free but too close to a LinkedIn post written meanwhile. */
  constructor(readonly held: boolean) {
    super('queue slot taken meanwhile');
    this.name = 'QueueSlotTaken';
  }
}

/** The slot a queued post is to take, and the transaction item claiming it for the post. */
export interface QueuedTime {
  time: Date;
  claimItem(postId: string): ReturnType<typeof claimQueueSlotItem>;
}

/** Each loss is another request's win, so this bounds a burst of about this many racers. */
const MAX_ATTEMPTS = 100;
/** Free slots read at once as the candidates of one request. */
const CANDIDATES = 64;
const WINDOW_MS = 7 * 24 * 60 * 60 * 1000;

/**
 * The first `count` free slots of the schedule at least 60 s after `now`, within 365 days. With
 * `linkedInTimes`, a slot within 60 s of one of those times is not free either.
 */
export async function freeQueueSlots(
  accountId: string,
  schedule: QueueSchedule,
  now: Date,
  count: number,
  linkedInTimes?: readonly Date[],
  /** Only slots after this instant (epoch ms): the next page of candidates. */
  after?: number,
): Promise<Date[]> {
  const horizon = now.getTime() + QUEUE_HORIZON_MS;
  const found: Date[] = [];
  const others = (linkedInTimes ?? []).map((time) => time.getTime());
  const first = Math.max(earliestQueueTime(now).getTime(), (after ?? -Infinity) + 1);
  // The held slots are walked beside the schedule's instants, both in time order.
  const held = heldQueueSlotReader(accountId, first);
  let nextHeld = await held.next();
  for (let from = first; found.length < count && from <= horizon; from += WINDOW_MS) {
    const until = Math.min(from + WINDOW_MS, horizon + 1);
    for (const instant of slotInstants(schedule, new Date(from), new Date(until))) {
      const ms = instant.getTime();
      while (nextHeld !== undefined && nextHeld < ms) nextHeld = await held.next();
      if (nextHeld === ms || !others.every((other) => farEnough(ms, other))) continue;
      found.push(instant);
      if (found.length === count) break;
    }
  }
  return found;
}

/**
 * Runs `write` with the first free slot for a post to `platforms`, again with the next free slot
 * each time it throws QueueSlotTaken. QUEUE_NOT_CONFIGURED without a schedule, QUEUE_FULL when no
 * slot is free in the next 365 days; `scheduled_for` given as well: INVALID_FIELD `queue`.
 */
export async function inQueueSlot<T>(
  accountId: string,
  request: { platforms: readonly Platform[]; scheduled_for?: string | null },
  write: (queued: QueuedTime) => Promise<T>,
  /** Only slots at or after this instant (a series' later occurrence: its own time). */
  from?: Date,
): Promise<T> {
  if (request.scheduled_for !== undefined && request.scheduled_for !== null) {
    throw new DomainError('INVALID_FIELD', { field: 'queue' }, { message: 'Send either queue: true or scheduled_for, not both' });
  }
  const schedule = await getQueueSchedule(accountId);
  if (!schedule) throw new DomainError('QUEUE_NOT_CONFIGURED');
  const toLinkedIn = request.platforms.includes('linkedin');
  const readCandidates = async (after?: number): Promise<number[]> => {
    const now = clock.now();
    const linkedInTimes = toLinkedIn ? await spacingTimesFrom(accountId, spacingBucket(earliestQueueTime(now))) : undefined;
    const free = await freeQueueSlots(accountId, schedule, now, CANDIDATES, linkedInTimes, after);
    return free.map((slot) => slot.getTime());
  };
  // The candidates stay as first read: a racer skips only slots it has seen held (or too close to
  // a LinkedIn post), so no slot is left free ahead of a taken one. Losers of one slot count
  // themselves on it and take the 1st, 2nd, ... candidate after it, rather than all the same.
  let candidates = await readCandidates(from ? from.getTime() - 1 : undefined);
  let index = 0;
  for (let attempt = 1; ; attempt += 1) {
    if (index >= candidates.length) {
      const last = candidates[candidates.length - 1];
      candidates = last === undefined ? [] : await readCandidates(last);
      index = 0;
    }
    const slotMs = candidates[index];
    if (slotMs === undefined) throw new DomainError('QUEUE_FULL');
    try {
      return await write({ time: new Date(slotMs), claimItem: (postId) => claimQueueSlotItem(accountId, slotMs, postId) });
    } catch (error) {
      const taken = error instanceof QueueSlotTaken;
      // Taken meanwhile, or a transaction that met another on the same items (nothing written): go on.
      if (!taken && !isConflictOnly(error)) throw error;
      if (attempt >= MAX_ATTEMPTS) {
        logger.warn('queue slots kept being taken under the request', { attempts: attempt });
        throw dependencyUnavailable(error);
      }
      if (!taken) await new Promise((resolve) => setTimeout(resolve, Math.random() * 10 * Math.min(attempt, 10)));
      else if (!error.held) index += 1;
      else index += await countQueueSlotLoser(accountId, slotMs);
    }
  }
}
