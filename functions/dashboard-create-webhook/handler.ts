import { createWebhookSchema, type CreateWebhookBody } from '#functions/create-webhook/schema';
import * as validators from '#functions/create-webhook/schema.validators';
import { apiHandler } from '#shared/http/api-handler';
import { concealCreatedWebhook, revealCreatedWebhook } from '#shared/use-cases/webhooks/created-response';
import { createWebhook } from '#shared/use-cases/webhooks/endpoints';

export const handler = apiHandler<CreateWebhookBody>({
  operation: 'dashboard-create-webhook',
  auth: 'session',
  body: { schema: createWebhookSchema, validator: validators.createWebhookSchema },
  idempotent: { conceal: concealCreatedWebhook, reveal: revealCreatedWebhook },
  handle: async ({ accountId, body }) => ({ statusCode: 201, body: await createWebhook(accountId, body) }),
});
