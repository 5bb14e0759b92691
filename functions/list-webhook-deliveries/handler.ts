import { listDeliveriesQuerySchema, type ListDeliveriesQuery } from './schema';
import * as validators from './schema.validators';
import { parseId } from '#shared/domain/ids';
import { apiHandler } from '#shared/http/api-handler';
import { listDeliveries } from '#shared/use-cases/webhooks/deliveries';

export const handler = apiHandler<undefined, ListDeliveriesQuery>({
  operation: 'list-webhook-deliveries',
  query: { schema: listDeliveriesQuerySchema, validator: validators.listDeliveriesQuerySchema },
  handle: async ({ accountId, path, query }) => ({ statusCode: 200, body: await listDeliveries(accountId, parseId(path.id), query) }),
});
