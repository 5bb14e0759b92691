import { parseId } from '#shared/domain/ids';
import type { EndpointDefinition } from '#shared/http/api-handler';
import { auditActorOf } from '#shared/http/audit-actor';
import { deleteProfile } from '#shared/use-cases/profiles';

export const deleteProfileEndpoint: EndpointDefinition = {
  handle: async ({ accountId, path, state }) => {
    await deleteProfile(accountId, parseId(path.id), auditActorOf(state));
    return { statusCode: 204 };
  },
};
