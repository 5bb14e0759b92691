import { parseId } from '#shared/domain/ids';
import type { EndpointDefinition } from '#shared/http/api-handler';
import { setInboxItemStatus } from '#shared/use-cases/inbox/items';
import { updateInboxItemSchema, type UpdateInboxItemBody } from './schema';
import * as validators from './schema.validators';

export const updateInboxItemEndpoint: EndpointDefinition<UpdateInboxItemBody> = {
  body: { schema: updateInboxItemSchema, validator: validators.updateInboxItemSchema },
  pathId: true,
  handle: async ({ accountId, path, body }) => ({
    statusCode: 200,
    body: await setInboxItemStatus(accountId, parseId(path.id), body.status),
  }),
};
