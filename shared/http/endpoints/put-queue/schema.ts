import { MAX_QUEUE_SLOTS, WEEKDAYS } from '#shared/domain/queue-schedule';
import type { Schema } from '#shared/http/validation';

export interface PutQueueBody {
  timezone: string;
  slots: { day: string; time: string }[];
  recycle?: { when_empty: boolean; min_gap_days: number } | null;
}

/**
 * PUT /queue (docs/api.md, "Posting queue"). The zone's existence and each slot's shape are
 * checked again by the use case (INVALID_FIELD `timezone` / `slots`); nested failures name `slots`.
 */
export const putQueueSchema: Schema = {
  type: 'object',
  additionalProperties: false,
  required: ['timezone', 'slots'],
  properties: {
    timezone: {
      type: 'string',
      description: 'An IANA time zone name; the slots are wall-clock times there, daylight saving included.',
      maxLength: 100,
      example: 'Europe/Berlin',
    },
    slots: {
      type: 'array',
      description: `Weekly posting times, at most ${MAX_QUEUE_SLOTS}; duplicates are merged. Each is {"day": "mon".."sun", "time": "HH:MM"} (24-hour).`,
      maxItems: MAX_QUEUE_SLOTS,
      items: {
        type: 'object',
        properties: {
          day: { type: 'string', enum: [...WEEKDAYS] },
          time: { type: 'string', pattern: '^([01][0-9]|2[0-3]):[0-5][0-9]$' },
        },
      },
      example: [
        { day: 'mon', time: '09:00' },
        { day: 'mon', time: '13:00' },
      ],
    },
    // docs/api.md, "Evergreen recycling"; checked again by the use case (INVALID_FIELD `recycle`).
    recycle: {
      type: ['object', 'null'],
      description:
        'Evergreen recycling: with when_empty, a free slot in the next day with nothing scheduled takes the evergreen post published longest ago (never one published within min_gap_days, at least 7). Absent: unchanged; null: off.',
      'x-error-code': 'INVALID_FIELD',
      example: { when_empty: true, min_gap_days: 30 },
    },
  },
};
