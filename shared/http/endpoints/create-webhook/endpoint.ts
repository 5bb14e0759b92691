import type { EndpointDefinition } from '#shared/http/api-handler';
import { auditActorOf } from '#shared/http/audit-actor';
import { createdWebhookCodec } from '#shared/use-cases/webhooks/created-response';
import { createWebhook } from '#shared/use-cases/webhooks/endpoints';
import { createWebhookSchema, type CreateWebhookBody } from './schema';
import * as validators from './schema.validators';

export const createWebhookEndpoint: EndpointDefinition<CreateWebhookBody> = {
  body: { schema: createWebhookSchema, validator: validators.createWebhookSchema },
  // A replay shows the same secret: the stored response keeps it sealed.
  storedResponseCodec: createdWebhookCodec,
  handle: async ({ accountId, body, state }) => ({ statusCode: 201, body: await createWebhook(accountId, body, auditActorOf(state)) }),
};
