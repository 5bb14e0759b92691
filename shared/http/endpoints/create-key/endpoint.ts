import type { EndpointDefinition } from '#shared/http/api-handler';
import { createApiKey } from '#shared/use-cases/keys';
import { createKeySchema, type CreateKeyBody } from './schema';
import * as validators from './schema.validators';

export const createKeyEndpoint: EndpointDefinition<CreateKeyBody> = {
  body: { schema: createKeySchema, validator: validators.createKeySchema },
  // Not idempotent on purpose: a replay would need the key value stored, and only its hash is (docs/decisions.md).
  handle: async ({ accountId, body }) => {
    const { key, apiKey } = await createApiKey(accountId, body.name.trim());
    return { statusCode: 201, body: { key, api_key: apiKey } };
  },
};
