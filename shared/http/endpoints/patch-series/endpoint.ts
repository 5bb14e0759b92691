import { parseId } from '#shared/domain/ids';
import type { EndpointDefinition } from '#shared/http/api-handler';
import { patchSeries } from '#shared/use-cases/series/series-resource';
import { patchSeriesSchema, type PatchSeriesBody } from './schema';
import * as validators from './schema.validators';

export const patchSeriesEndpoint: EndpointDefinition<PatchSeriesBody> = {
  pathId: true,
  body: { schema: patchSeriesSchema, validator: validators.patchSeriesSchema },
  handle: async ({ accountId, path, body }) => ({ statusCode: 200, body: await patchSeries(accountId, parseId(path.id), body) }),
};
