import { registerSecret } from '../support/secret-registry';
import type { CallOptions, CallResult, TestService } from '../support/test-service';

/**
 * The dashboard API as a browser uses it, over HTTP: sign in, keep the session cookie (the
 * test's own cookie jar) and send the CSRF token on mutations.
 */
export interface DashboardSession {
  /** `__Host-sps_session=<id>`: what the browser sends back. */
  cookie: string;
  sessionId: string;
  csrf: string;
  accountId: string;
  /** Calls /dashboard/api<path> with the cookie, and the CSRF token unless `csrf: false`. */
  call(method: string, path: string, options?: CallOptions & { csrf?: string | false }): Promise<CallResult>;
}

export const PASSWORD = 'a long enough password';

/** Every session id, CSRF token and password this helper has seen: none may reach the logs. */
export const issuedSecrets: string[] = [];

/** The Set-Cookie values of a response. */
export const setCookies = (result: CallResult): string[] => result.headers.getSetCookie();

export async function signIn(
  service: TestService,
  email: string,
  password = PASSWORD,
): Promise<{ result: CallResult; session?: DashboardSession }> {
  const result = await service.call('POST', '/dashboard/api/sign-in', { body: { email, password } });
  if (result.status !== 200) return { result };
  const cookie = setCookies(result)[0].split(';')[0];
  const session = dashboardSession(service, cookie, result.json.csrf_token, result.json.account.id);
  issuedSecrets.push(session.sessionId, session.csrf, password);
  // The suite-wide grep (test/support/secret-registry.ts) looks for them in every log too.
  [session.sessionId, session.csrf, password].forEach(registerSecret);
  return { result, session };
}

export function dashboardSession(service: TestService, cookie: string, csrf: string, accountId: string): DashboardSession {
  return {
    cookie,
    sessionId: cookie.split('=')[1],
    csrf,
    accountId,
    call: (method, path, options = {}) => {
      const { csrf: token = csrf, ...rest } = options;
      const headers: Record<string, string> = { cookie, ...(rest.headers ?? {}) };
      if (token !== false && method !== 'GET') headers['x-csrf-token'] = token;
      return service.call(method, `/dashboard/api${path}`, { ...rest, headers });
    },
  };
}

/** A new account with an owner login; returns its first API key too. */
export async function accountWithLogin(
  service: TestService,
  email: string,
  password = PASSWORD,
): Promise<{ accountId: string; apiKey: string }> {
  const created = await service.createAccount();
  const { setOwnerLogin } = await import('#shared/use-cases/dashboard-owner-logins');
  await setOwnerLogin(created.accountId, email, password);
  registerSecret(password);
  registerSecret(created.apiKey);
  return created;
}

let counter = 0;
/** A unique email per call, so tests never share a lock or a login. */
export const uniqueEmail = (name: string): string => `${name}-${Date.now().toString(36)}-${(counter += 1)}@example.com`;
