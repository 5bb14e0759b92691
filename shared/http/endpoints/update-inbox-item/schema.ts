import { SETTABLE_INBOX_STATUSES, type SettableInboxStatus } from '#shared/domain/inbox';
import type { Schema } from '#shared/http/validation';

export interface UpdateInboxItemBody {
  status: SettableInboxStatus;
}

/** PATCH /inbox/{id}: the status to set (`answered` comes from a published reply only). */
export const updateInboxItemSchema: Schema = {
  type: 'object',
  additionalProperties: false,
  required: ['status'],
  properties: {
    status: { type: 'string', enum: [...SETTABLE_INBOX_STATUSES], description: 'read, hidden, or new again.', example: 'read' },
  },
};
