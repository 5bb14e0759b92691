import type { EndpointDefinition } from '#shared/http/api-handler';
import { parseId } from '#shared/domain/ids';
import { deleteAccountApiKey } from '#shared/use-cases/keys';

export const deleteKeyEndpoint: EndpointDefinition = {
  handle: async ({ accountId, path }) => {
    await deleteAccountApiKey(accountId, parseId(path.id));
    return { statusCode: 204 };
  },
};
