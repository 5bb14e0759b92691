import { VALID_PLATFORMS } from '#shared/domain/platforms';
import type { Schema } from '#shared/http/validation';
import type { AnalyticsQuery } from '#shared/use-cases/metrics/post-metrics';

export type GetAnalyticsQuery = AnalyticsQuery;

/**
 * GET /analytics query parameters; any bad value is INVALID_FIELD naming the parameter. `from` and
 * `to` are required; a missing one, an impossible date, `to` before `from` or a range over 366 days
 * is INVALID_FIELD too (checked by the use case, which knows the calendar).
 */
export const getAnalyticsQuerySchema: Schema = {
  type: 'object',
  additionalProperties: false,
  properties: {
    from: { type: 'string', pattern: '^[0-9]{4}-[0-9]{2}-[0-9]{2}$', description: 'First day (UTC), YYYY-MM-DD, included.' },
    to: {
      type: 'string',
      pattern: '^[0-9]{4}-[0-9]{2}-[0-9]{2}$',
      description: 'Last day (UTC), YYYY-MM-DD, included; at most 366 days from `from`.',
    },
    platform: { type: 'string', enum: [...VALID_PLATFORMS], description: 'Only what went out on this platform.' },
  },
};
