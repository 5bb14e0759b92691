import type { Schema } from '#shared/http/validation';
import type { AuditQuery } from '#shared/use-cases/audit';

export type ListAuditQuery = AuditQuery;

/**
 * GET /audit query parameters; any bad value is INVALID_FIELD naming the parameter. The range rules
 * (`to` after `from`, at most 90 days back) are the use case's, which knows the clock.
 */
export const listAuditQuerySchema: Schema = {
  type: 'object',
  additionalProperties: false,
  properties: {
    from: {
      type: 'string',
      maxLength: 40,
      description: 'Earliest time (ISO 8601 with zone), included; default 7 days before `to`; at most 90 days ago.',
    },
    to: { type: 'string', maxLength: 40, description: 'Latest time, excluded; default now.' },
    limit: { type: 'integer', minimum: 1, maximum: 100, default: 50, description: 'Page size, 1 to 100.' },
    cursor: { type: 'string', minLength: 1, maxLength: 2048, description: 'next_cursor of the previous page.' },
  },
};
