import type { EndpointDefinition } from '#shared/http/api-handler';
import { listProfiles } from '#shared/use-cases/profiles';

export const listProfilesEndpoint: EndpointDefinition = {
  handle: async ({ accountId }) => ({ statusCode: 200, body: { profiles: await listProfiles(accountId) } }),
};
