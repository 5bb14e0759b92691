import type { EndpointDefinition } from '#shared/http/api-handler';
import { auditActorOf } from '#shared/http/audit-actor';
import { createApiKey, createdKeyCodec } from '#shared/use-cases/keys';
import { createKeySchema, type CreateKeyBody } from './schema';
import * as validators from './schema.validators';

export const createKeyEndpoint: EndpointDefinition<CreateKeyBody> = {
  body: { schema: createKeySchema, validator: validators.createKeySchema },
  // A replay shows the same key and value and creates none: the stored response keeps the value sealed (docs/decisions.md).
  storedResponseCodec: createdKeyCodec,
  handle: async ({ accountId, body, state }) => {
    const { key, apiKey } = await createApiKey(accountId, body.name.trim(), body.scope, auditActorOf(state));
    return { statusCode: 201, body: { key, api_key: apiKey } };
  },
};
