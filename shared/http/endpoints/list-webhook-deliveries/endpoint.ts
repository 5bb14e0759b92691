import { listDeliveriesQuerySchema, type ListDeliveriesQuery } from './schema';
import * as validators from './schema.validators';
import { parseId } from '#shared/domain/ids';
import type { EndpointDefinition } from '#shared/http/api-handler';
import { listDeliveries } from '#shared/use-cases/webhooks/deliveries';

export const listWebhookDeliveriesEndpoint: EndpointDefinition<undefined, ListDeliveriesQuery> = {
  query: { schema: listDeliveriesQuerySchema, validator: validators.listDeliveriesQuerySchema },
  handle: async ({ accountId, path, query }) => ({ statusCode: 200, body: await listDeliveries(accountId, parseId(path.id), query) }),
};
