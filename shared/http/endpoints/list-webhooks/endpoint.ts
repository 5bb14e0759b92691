import type { EndpointDefinition } from '#shared/http/api-handler';
import { listWebhooks } from '#shared/use-cases/webhooks/endpoints';

export const listWebhooksEndpoint: EndpointDefinition = {
  handle: async ({ accountId }) => ({ statusCode: 200, body: { webhooks: await listWebhooks(accountId) } }),
};
