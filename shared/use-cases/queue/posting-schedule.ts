import { readSchedule, type QueueSchedule } from '#shared/domain/queue-schedule';
import { clock } from '#shared/ports/clock';
import type { AuditActor } from '#shared/domain/audit';
import { auditPutItem } from '#shared/store/audit-log';
import { readRecycle } from '#shared/domain/evergreen';
import { getQueueSchedule, putQueueSchedule } from '#shared/store/queue';
import { freeQueueSlots } from './queue-slots';

/** The posting schedule as the API shows it (docs/api.md, "Posting queue"). */
export interface QueueView extends QueueSchedule {
  /** The next 10 free slots, ISO UTC, at least 60 s ahead. */
  next_slots: string[];
}

const NEXT_SLOTS = 10;

async function viewOf(accountId: string, schedule: QueueSchedule): Promise<QueueView> {
  const free = await freeQueueSlots(accountId, schedule, clock.now(), NEXT_SLOTS);
  return {
    timezone: schedule.timezone,
    slots: schedule.slots,
    next_slots: free.map((slot) => slot.toISOString()),
    ...(schedule.recycle ? { recycle: schedule.recycle } : {}),
  };
}

/** GET /queue: the schedule with its next free slots, or null when the account has none. */
export async function getQueue(accountId: string): Promise<{ queue: QueueView | null }> {
  const schedule = await getQueueSchedule(accountId);
  return { queue: schedule ? await viewOf(accountId, schedule) : null };
}

/**
 * PUT /queue: replaces the schedule. Posts already queued keep their times (their slots stay
 * held); only posts queued from now on use the new slots. `recycle` absent keeps the current
 * recycling setting (a client that does not know it does not turn it off); null turns it off.
 */
export async function putQueue(
  accountId: string,
  input: { timezone: unknown; slots: unknown; recycle?: unknown },
  actor: AuditActor,
): Promise<{ queue: QueueView }> {
  const read = readSchedule(input);
  const recycle = input.recycle === undefined ? (await getQueueSchedule(accountId))?.recycle : (readRecycle(input.recycle) ?? undefined);
  const schedule: QueueSchedule = { ...read, ...(recycle ? { recycle } : {}) };
  const now = clock.now();
  const audit = auditPutItem(
    accountId,
    {
      actor,
      action: 'queue.changed',
      target: { type: 'queue', id: accountId },
      details: { timezone: schedule.timezone, slots: schedule.slots.length, ...(schedule.recycle ? { recycle: schedule.recycle } : {}) },
    },
    now,
  );
  await putQueueSchedule(accountId, schedule, now, audit);
  return { queue: await viewOf(accountId, schedule) };
}
