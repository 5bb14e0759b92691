import { MAX_REPEAT_COUNT, MAX_VARIATIONS, type RepeatRule } from '#shared/domain/repeat-rule';
import type { Schema } from '#shared/http/validation';

const MAX_CONTENT_LENGTH = 3000;

/** One variation: the rules of `content` (non-blank, at most 3000 UTF-16 code units). */
const variation: Schema = { type: 'string', pattern: '\\S', maxLength: MAX_CONTENT_LENGTH, format: 'unicode-text' };

export const variationsSchema: Schema = {
  type: 'array',
  maxItems: MAX_VARIATIONS,
  items: variation,
  description: `Up to ${MAX_VARIATIONS} texts, each checked like content; occurrences use content, then each variation in turn.`,
  example: ['Our guide, still the best start', 'New here? Start with the guide'],
};

const every: Schema = {
  type: 'object',
  // propertyNames rather than additionalProperties: an unknown name inside is then INVALID_FIELD `repeat` too.
  propertyNames: { enum: ['days', 'weeks', 'months'] },
  minProperties: 1,
  maxProperties: 1,
  description: 'Exactly one of days, weeks or months: the step between occurrences (wall-clock time kept in the series time zone).',
  properties: {
    days: { type: 'integer', minimum: 1, maximum: 365 },
    weeks: { type: 'integer', minimum: 1, maximum: 52 },
    months: { type: 'integer', minimum: 1, maximum: 12 },
  },
};

/** The rule itself (PATCH /series/{id} takes it without variations). */
const ruleProperties: Record<string, Schema> = {
  every,
  until: { type: 'string', description: 'ISO 8601 date-time with zone: no occurrence after it; at most 2 years ahead.' },
  count: { type: 'integer', minimum: 1, maximum: MAX_REPEAT_COUNT, description: 'Occurrences in all, the first included.' },
  queue: {
    type: 'boolean',
    enum: [true],
    description: 'true: each later occurrence takes the first free queue slot at or after its time.',
  },
};

/**
 * `repeat` on POST /posts, batch items and drafts (docs/api.md, "Repeating posts (series)"). Wrapped
 * in allOf so that every failure inside it is INVALID_FIELD `repeat` (the field the contract names),
 * not a nested name.
 */
export const repeatSchema: Schema = {
  'x-error-code': 'INVALID_FIELD',
  description: 'Repeat this post: until or count (or both) is required. The post answered is the first occurrence.',
  allOf: [
    {
      type: 'object',
      propertyNames: { enum: [...Object.keys(ruleProperties), 'variations'] },
      required: ['every'],
      properties: { ...ruleProperties, variations: variationsSchema },
    },
  ],
  example: { every: { weeks: 1 }, count: 5, variations: ['Still true: our guide', 'In case you missed it: the guide'] },
};

export const ruleSchema: Schema = {
  'x-error-code': 'INVALID_FIELD',
  description: 'The new rule, from the next occurrence on (counted from that occurrence).',
  allOf: [{ type: 'object', propertyNames: { enum: Object.keys(ruleProperties) }, required: ['every'], properties: ruleProperties }],
  example: { every: { weeks: 2 }, count: 6 },
};

export interface PatchSeriesBody {
  rule?: RepeatRule;
  variations?: string[];
}

/** PATCH /series/{id}: the rule or the variations (or both), from the next occurrence on. */
export const patchSeriesSchema: Schema = {
  type: 'object',
  additionalProperties: false,
  properties: {
    rule: ruleSchema,
    variations: { ...variationsSchema, 'x-error-code': 'INVALID_FIELD' },
  },
};
