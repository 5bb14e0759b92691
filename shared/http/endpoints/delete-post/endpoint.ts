import type { EndpointDefinition } from '#shared/http/api-handler';
import { parseId } from '#shared/domain/ids';
import { deletePost } from '#shared/use-cases/posts';

export const deletePostEndpoint: EndpointDefinition = {
  handle: async ({ accountId, path, scope }) => {
    await deletePost(accountId, parseId(path.id), scope);
    return { statusCode: 204 };
  },
};
