import { parseId } from '#shared/domain/ids';
import type { EndpointDefinition } from '#shared/http/api-handler';
import { refreshPostMetrics } from '#shared/use-cases/metrics/post-metrics';

export const refreshPostMetricsEndpoint: EndpointDefinition = {
  pathId: true,
  // 202: the post as it stands; the collection follows within seconds (GET /posts/{id} shows it).
  handle: async ({ accountId, path }) => ({ statusCode: 202, body: await refreshPostMetrics(accountId, parseId(path.id)) }),
};
