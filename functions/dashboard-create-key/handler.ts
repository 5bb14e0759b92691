import { createKeySchema, type CreateKeyBody } from '#functions/create-key/schema';
import * as validators from '#functions/create-key/schema.validators';
import { apiHandler } from '#shared/http/api-handler';
import { createApiKey } from '#shared/use-cases/keys';

export const handler = apiHandler<CreateKeyBody>({
  operation: 'dashboard-create-key',
  auth: 'session',
  body: { schema: createKeySchema, validator: validators.createKeySchema },
  // As POST /keys: the value is in this response only, never stored, so nothing to replay.
  handle: async ({ accountId, body }) => {
    const { key, apiKey } = await createApiKey(accountId, body.name.trim());
    return { statusCode: 201, body: { key, api_key: apiKey } };
  },
});
