import { apiHandler } from '#shared/http/api-handler';
import { clearedSessionCookie } from '#shared/http/session-auth';
import { signOut } from '#shared/use-cases/dashboard-sessions';

export const handler = apiHandler({
  operation: 'dashboard-sign-out',
  handle: async ({ state }) => {
    await signOut(state.session!.hash);
    return { statusCode: 204, cookies: [clearedSessionCookie()] };
  },
});
