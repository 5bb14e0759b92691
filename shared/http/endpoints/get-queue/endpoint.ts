import type { EndpointDefinition } from '#shared/http/api-handler';
import { getQueue } from '#shared/use-cases/queue/posting-schedule';

export const getQueueEndpoint: EndpointDefinition = {
  handle: async ({ accountId }) => ({ statusCode: 200, body: await getQueue(accountId) }),
};
