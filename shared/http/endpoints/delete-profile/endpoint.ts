import { parseId } from '#shared/domain/ids';
import type { EndpointDefinition } from '#shared/http/api-handler';
import { deleteProfile } from '#shared/use-cases/profiles';

export const deleteProfileEndpoint: EndpointDefinition = {
  handle: async ({ accountId, path }) => {
    await deleteProfile(accountId, parseId(path.id));
    return { statusCode: 204 };
  },
};
