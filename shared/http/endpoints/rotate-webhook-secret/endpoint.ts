import { parseId } from '#shared/domain/ids';
import type { EndpointDefinition } from '#shared/http/api-handler';
import { auditActorOf } from '#shared/http/audit-actor';
import { createdWebhookCodec } from '#shared/use-cases/webhooks/created-response';
import { rotateWebhookSecret } from '#shared/use-cases/webhooks/secret-rotation';

export const rotateWebhookSecretEndpoint: EndpointDefinition = {
  pathId: true,
  // A replay shows the same new secret and rotates nothing: the stored response keeps it sealed, as POST /webhooks does.
  storedResponseCodec: createdWebhookCodec,
  handle: async ({ accountId, path, state }) => ({
    statusCode: 200,
    body: await rotateWebhookSecret(accountId, parseId(path.id), auditActorOf(state)),
  }),
};
