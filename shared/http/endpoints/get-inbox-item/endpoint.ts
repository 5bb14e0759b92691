import { parseId } from '#shared/domain/ids';
import type { EndpointDefinition } from '#shared/http/api-handler';
import { getInbox } from '#shared/use-cases/inbox/items';

export const getInboxItemEndpoint: EndpointDefinition = {
  pathId: true,
  handle: async ({ accountId, path }) => ({ statusCode: 200, body: await getInbox(accountId, parseId(path.id)) }),
};
