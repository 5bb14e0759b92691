import type { EndpointDefinition } from '#shared/http/api-handler';
import { listAccountApiKeys } from '#shared/use-cases/keys';

export const listKeysEndpoint: EndpointDefinition = {
  handle: async ({ accountId }) => ({ statusCode: 200, body: { keys: await listAccountApiKeys(accountId) } }),
};
