import { parseId } from '#shared/domain/ids';
import type { EndpointDefinition } from '#shared/http/api-handler';
import { listProfileAuthors } from '#shared/use-cases/linkedin-authors';

export const listProfileAuthorsEndpoint: EndpointDefinition = {
  handle: async ({ accountId, path }) => ({ statusCode: 200, body: { authors: await listProfileAuthors(accountId, parseId(path.id)) } }),
};
