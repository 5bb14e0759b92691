import { parseId } from '#shared/domain/ids';
import type { EndpointDefinition } from '#shared/http/api-handler';
import { auditActorOf } from '#shared/http/audit-actor';
import { deleteWebhook } from '#shared/use-cases/webhooks/endpoints';

export const deleteWebhookEndpoint: EndpointDefinition = {
  handle: async ({ accountId, path, state }) => {
    await deleteWebhook(accountId, parseId(path.id), auditActorOf(state));
    return { statusCode: 204 };
  },
};
