import type { EndpointDefinition } from '#shared/http/api-handler';
import { refreshInbox } from '#shared/use-cases/inbox/refresh';

export const refreshInboxEndpoint: EndpointDefinition = {
  // 202: collected within the request; `received` counts the new items (GET /inbox lists them).
  handle: async ({ accountId }) => ({ statusCode: 202, body: await refreshInbox(accountId) }),
};
