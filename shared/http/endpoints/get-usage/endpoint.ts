import type { EndpointDefinition } from '#shared/http/api-handler';
import { getUsage } from '#shared/use-cases/usage';

export const getUsageEndpoint: EndpointDefinition = {
  handle: async ({ accountId }) => ({ statusCode: 200, body: { usage: await getUsage(accountId) } }),
};
