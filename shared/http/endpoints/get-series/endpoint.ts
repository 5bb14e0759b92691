import { parseId } from '#shared/domain/ids';
import type { EndpointDefinition } from '#shared/http/api-handler';
import { getSeriesView } from '#shared/use-cases/series/series-resource';

export const getSeriesEndpoint: EndpointDefinition = {
  pathId: true,
  handle: async ({ accountId, path }) => ({ statusCode: 200, body: await getSeriesView(accountId, parseId(path.id)) }),
};
