import { putQueueSchema } from '#shared/http/endpoints/put-queue/schema';
import type { OperationEntry } from '../operation';

const queue = {
  timezone: 'Europe/Berlin',
  slots: [
    { day: 'mon', time: '09:00' },
    { day: 'mon', time: '13:00' },
    { day: 'tue', time: '09:00' },
  ],
  next_slots: ['2026-11-30T08:00:00.000Z', '2026-11-30T12:00:00.000Z', '2026-12-01T08:00:00.000Z'],
};

/** The posting queue (docs/api.md, "Posting queue"). */
export const queueOperations: Record<string, OperationEntry> = {
  'get-queue': {
    method: 'GET',
    path: '/queue',
    dashboardPath: '/dashboard/api/queue',
    auth: 'api-key',
    scope: 'read',
    tag: 'Queue',
    summary: 'The posting schedule and its next free slots',
    description:
      'The weekly slots in their time zone and `next_slots`: the next 10 free slot times (UTC) at least 60 s ahead. ' +
      '`queue` is null while no schedule is set.',
    success: { status: 200, description: 'The schedule, or null.', schema: 'QueueResponse', example: { queue } },
    errors: [],
  },
  'put-queue': {
    method: 'PUT',
    path: '/queue',
    dashboardPath: '/dashboard/api/queue',
    auth: 'api-key',
    scope: 'write',
    tag: 'Queue',
    summary: 'Set the posting schedule',
    description:
      'Replaces the schedule: weekly wall-clock slots in an IANA time zone (daylight saving from the zone data: a slot ' +
      'that does not exist on a day is skipped that day, one that exists twice is taken at its first occurrence). ' +
      'Posts already queued keep their times. An unknown zone: INVALID_FIELD `timezone`; a malformed slot or more ' +
      'than 50: INVALID_FIELD `slots`.',
    body: putQueueSchema,
    success: { status: 200, description: 'The new schedule.', schema: 'QueueResponse', example: { queue } },
    errors: [],
  },
};
