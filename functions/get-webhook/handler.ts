import { parseId } from '#shared/domain/ids';
import { apiHandler } from '#shared/http/api-handler';
import { getWebhook } from '#shared/use-cases/webhooks/endpoints';

export const handler = apiHandler({
  operation: 'get-webhook',
  handle: async ({ accountId, path }) => ({ statusCode: 200, body: { webhook: await getWebhook(accountId, parseId(path.id)) } }),
});
