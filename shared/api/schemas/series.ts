import { POST_STATUSES } from '#shared/domain/post-status';
import { closedObject, nullable, ref, timestamp, uuid, type JsonSchema } from './primitives';

/** Repeating posts (docs/api.md, "Repeating posts (series)") and the queue's recycling ("Evergreen recycling"). */
const positive: JsonSchema = { type: 'integer', minimum: 1 };

/** A repeat rule as stored and shown: `every` with one unit; until, count and queue only when set. */
export const repeatRuleSchema: JsonSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['every'],
  properties: {
    every: {
      type: 'object',
      additionalProperties: false,
      minProperties: 1,
      maxProperties: 1,
      properties: { days: positive, weeks: positive, months: positive },
    },
    until: timestamp,
    count: { type: 'integer', minimum: 1, maximum: 100 },
    queue: { type: 'boolean', enum: [true] },
  },
};

export const seriesSchemas: Record<string, JsonSchema> = {
  RepeatRule: repeatRuleSchema,
  DraftRepeat: {
    ...repeatRuleSchema,
    properties: {
      ...(repeatRuleSchema.properties as Record<string, JsonSchema>),
      variations: { type: 'array', items: { type: 'string' }, maxItems: 10 },
    },
  },
  Series: closedObject({
    id: uuid,
    rule: ref('RepeatRule'),
    variations: { type: 'array', items: { type: 'string', maxLength: 3000 }, maxItems: 10 },
    next_at: nullable({ ...timestamp, description: "The next occurrence's time; null once the rule has none left." }),
    posts: {
      type: 'array',
      description: 'The occurrences made so far, in order (one deleted on its own is not listed).',
      items: closedObject({ id: uuid, status: { type: 'string', enum: [...POST_STATUSES] }, scheduled_for: nullable(timestamp) }),
    },
    skipped: {
      type: 'array',
      description: 'Occurrences refused when they were to be made, with the reason (the series went on).',
      items: closedObject({ at: timestamp, error: closedObject({ code: { type: 'string' }, message: { type: 'string' } }) }),
    },
  }),
  SeriesResponse: closedObject({ series: ref('Series') }),
  Recycle: closedObject(
    {
      when_empty: { type: 'boolean', description: 'true: an evergreen post is queued again when a slot in the next day would stay empty.' },
      min_gap_days: { type: 'integer', minimum: 7, description: 'A post is never recycled within this many days of its last publication.' },
    },
    { description: 'The queue\'s evergreen recycling (docs/api.md, "Evergreen recycling").' },
  ),
};
