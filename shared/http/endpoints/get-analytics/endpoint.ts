import type { EndpointDefinition } from '#shared/http/api-handler';
import { getAnalytics } from '#shared/use-cases/metrics/post-metrics';
import { getAnalyticsQuerySchema, type GetAnalyticsQuery } from './schema';
import * as validators from './schema.validators';

export const getAnalyticsEndpoint: EndpointDefinition<undefined, GetAnalyticsQuery> = {
  query: { schema: getAnalyticsQuerySchema, validator: validators.getAnalyticsQuerySchema },
  handle: async ({ accountId, query }) => ({ statusCode: 200, body: await getAnalytics(accountId, query) }),
};
