import type { EndpointDefinition } from '#shared/http/api-handler';
import { listAudit } from '#shared/use-cases/audit';
import { listAuditQuerySchema, type ListAuditQuery } from './schema';
import * as validators from './schema.validators';

export const listAuditEndpoint: EndpointDefinition<undefined, ListAuditQuery> = {
  query: { schema: listAuditQuerySchema, validator: validators.listAuditQuerySchema },
  handle: async ({ accountId, query }) => ({ statusCode: 200, body: await listAudit(accountId, query) }),
};
