import { apiHandler } from '#shared/http/api-handler';
import { sessionCookie } from '#shared/http/session-auth';
import { signIn } from '#shared/use-cases/dashboard-sessions';
import { signInSchema, type SignInBody } from '#shared/http/endpoints/dashboard-sign-in/schema';
import * as validators from '#shared/http/endpoints/dashboard-sign-in/schema.validators';

export const handler = apiHandler<SignInBody>({
  operation: 'dashboard-sign-in',
  // No session yet (auth 'none' in the manifest): the email and password are the credentials. A
  // cross-site form cannot send this JSON body (415 without application/json), which keeps sign-in CSRF out.
  body: { schema: signInSchema, validator: validators.signInSchema },
  handle: async ({ body, state, sourceIp }) => {
    // API Gateway's sourceIp: the address of the connection it received (docs/decisions.md).
    const { sessionId, ...session } = await signIn(body.email, body.password, sourceIp);
    state.accountId = session.account.id; // for the request's log line
    return { statusCode: 200, body: session, headers: { 'cache-control': 'no-store' }, cookies: [sessionCookie(sessionId)] };
  },
});
