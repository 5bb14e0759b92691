import { apiHandler } from '#shared/http/api-handler';
import { describeSession } from '#shared/use-cases/dashboard-sessions';

export const handler = apiHandler({
  operation: 'dashboard-get-session',
  handle: async ({ accountId, state }) => ({ statusCode: 200, body: await describeSession(accountId, state.session!.csrfToken) }),
});
