import type { EndpointDefinition } from '#shared/http/api-handler';
import { auditActorOf } from '#shared/http/audit-actor';
import { parseId } from '#shared/domain/ids';
import { deleteAccountApiKey } from '#shared/use-cases/keys';

export const deleteKeyEndpoint: EndpointDefinition = {
  handle: async ({ accountId, path, state }) => {
    await deleteAccountApiKey(accountId, parseId(path.id), auditActorOf(state));
    return { statusCode: 204 };
  },
};
