import type { EndpointDefinition } from '#shared/http/api-handler';
import { listInbox } from '#shared/use-cases/inbox/items';
import { listInboxQuerySchema, type ListInboxQuery } from './schema';
import * as validators from './schema.validators';

export const listInboxEndpoint: EndpointDefinition<undefined, ListInboxQuery> = {
  query: { schema: listInboxQuerySchema, validator: validators.listInboxQuerySchema },
  handle: async ({ accountId, query }) => ({ statusCode: 200, body: await listInbox(accountId, query) }),
};
