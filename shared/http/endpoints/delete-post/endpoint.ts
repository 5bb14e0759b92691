import type { EndpointDefinition } from '#shared/http/api-handler';
import { auditActorOf } from '#shared/http/audit-actor';
import { parseId } from '#shared/domain/ids';
import { deletePost } from '#shared/use-cases/posts';

export const deletePostEndpoint: EndpointDefinition = {
  handle: async ({ accountId, path, scope, state }) => {
    await deletePost(accountId, parseId(path.id), { scope, actor: auditActorOf(state) });
    return { statusCode: 204 };
  },
};
