import { parseId } from '#shared/domain/ids';
import { apiHandler } from '#shared/http/api-handler';
import { deleteWebhook } from '#shared/use-cases/webhooks/endpoints';

export const handler = apiHandler({
  operation: 'dashboard-delete-webhook',
  auth: 'session',
  handle: async ({ accountId, path }) => {
    await deleteWebhook(accountId, parseId(path.id));
    return { statusCode: 204 };
  },
});
