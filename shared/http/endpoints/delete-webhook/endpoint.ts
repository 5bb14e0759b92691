import { parseId } from '#shared/domain/ids';
import type { EndpointDefinition } from '#shared/http/api-handler';
import { deleteWebhook } from '#shared/use-cases/webhooks/endpoints';

export const deleteWebhookEndpoint: EndpointDefinition = {
  handle: async ({ accountId, path }) => {
    await deleteWebhook(accountId, parseId(path.id));
    return { statusCode: 204 };
  },
};
