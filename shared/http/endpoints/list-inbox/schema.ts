import { INBOX_STATUSES } from '#shared/domain/inbox';
import { VALID_PLATFORMS } from '#shared/domain/platforms';
import type { Schema } from '#shared/http/validation';
import type { InboxQuery } from '#shared/use-cases/inbox/items';

export type ListInboxQuery = InboxQuery;

/** GET /inbox query parameters; any bad value is INVALID_FIELD naming the parameter. */
export const listInboxQuerySchema: Schema = {
  type: 'object',
  additionalProperties: false,
  properties: {
    status: { type: 'string', enum: [...INBOX_STATUSES], description: 'Only items in this status.' },
    platform: { type: 'string', enum: [...VALID_PLATFORMS], description: 'Only items from this platform.' },
    post_id: {
      type: 'string',
      pattern: '^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$',
      description: 'Only items about this post (its conversation).',
    },
    limit: { type: 'integer', minimum: 1, maximum: 100, default: 20, description: 'Page size, 1 to 100.' },
    cursor: { type: 'string', minLength: 1, maxLength: 2048, description: 'next_cursor of the previous page.' },
  },
};
