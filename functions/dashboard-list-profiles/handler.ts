import { apiHandler } from '#shared/http/api-handler';
import { listProfiles } from '#shared/use-cases/profiles';

export const handler = apiHandler({
  operation: 'dashboard-list-profiles',
  auth: 'session',
  handle: async ({ accountId }) => ({ statusCode: 200, body: { profiles: await listProfiles(accountId) } }),
});
