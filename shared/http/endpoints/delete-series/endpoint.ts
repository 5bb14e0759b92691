import { parseId } from '#shared/domain/ids';
import type { EndpointDefinition } from '#shared/http/api-handler';
import { deleteSeries } from '#shared/use-cases/series/series-resource';

export const deleteSeriesEndpoint: EndpointDefinition = {
  pathId: true,
  handle: async ({ accountId, path }) => {
    await deleteSeries(accountId, parseId(path.id));
    return { statusCode: 204 };
  },
};
