import type { EndpointDefinition } from '#shared/http/api-handler';
import { getSettings } from '#shared/use-cases/links/settings';

export const getSettingsEndpoint: EndpointDefinition = {
  handle: async ({ accountId }) => ({ statusCode: 200, body: await getSettings(accountId) }),
};
