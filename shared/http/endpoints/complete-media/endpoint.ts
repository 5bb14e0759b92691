import type { EndpointDefinition } from '#shared/http/api-handler';
import { parseId } from '#shared/domain/ids';
import { completeMedia } from '#shared/use-cases/media-completion';

export const completeMediaEndpoint: EndpointDefinition = {
  handle: async ({ accountId, path }) => ({ statusCode: 200, body: { media: await completeMedia(accountId, parseId(path.id)) } }),
};
