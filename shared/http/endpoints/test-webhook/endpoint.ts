import { parseId } from '#shared/domain/ids';
import type { EndpointDefinition } from '#shared/http/api-handler';
import { sendTestEvent } from '#shared/use-cases/webhooks/endpoints';

export const testWebhookEndpoint: EndpointDefinition = {
  // 202: the event is recorded; its delivery follows (see the endpoint's deliveries).
  handle: async ({ accountId, path }) => ({ statusCode: 202, body: await sendTestEvent(accountId, parseId(path.id)) }),
};
