import type { Schema } from '#shared/http/validation';
import type { DeliveryListQuery } from '#shared/use-cases/webhooks/deliveries';

export type ListDeliveriesQuery = DeliveryListQuery;

/** GET /webhooks/{id}/deliveries query parameters; any bad value is INVALID_FIELD naming the parameter. */
export const listDeliveriesQuerySchema: Schema = {
  type: 'object',
  additionalProperties: false,
  properties: {
    limit: { type: 'integer', minimum: 1, maximum: 100, default: 20, description: 'Page size, 1 to 100.' },
    cursor: { type: 'string', minLength: 1, maxLength: 2048, description: 'next_cursor of the previous page.' },
  },
};
