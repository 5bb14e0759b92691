import { listDeliveriesQuerySchema, type ListDeliveriesQuery } from '#functions/list-webhook-deliveries/schema';
import * as validators from '#functions/list-webhook-deliveries/schema.validators';
import { parseId } from '#shared/domain/ids';
import { apiHandler } from '#shared/http/api-handler';
import { listDeliveries } from '#shared/use-cases/webhooks/deliveries';

export const handler = apiHandler<undefined, ListDeliveriesQuery>({
  operation: 'dashboard-list-webhook-deliveries',
  auth: 'session',
  query: { schema: listDeliveriesQuerySchema, validator: validators.listDeliveriesQuerySchema },
  handle: async ({ accountId, path, query }) => ({ statusCode: 200, body: await listDeliveries(accountId, parseId(path.id), query) }),
});
