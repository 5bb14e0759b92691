/**
 * The cookie that binds a LinkedIn authorization to the browser that started it (docs/api.md,
 * "LinkedIn OAuth"): a random nonce, its hash stored with the state. `__Host-` (Secure, Path=/,
 * no Domain) so no sibling host can plant one; SameSite=Lax so it comes back with LinkedIn's
 * top-level redirect to the callback; it lives as long as a state does.
 */
export const OAUTH_NONCE_COOKIE = '__Host-sps_oauth';
const MAX_AGE_SECONDS = 10 * 60;

export const oauthNonceCookie = (nonce: string): string =>
  `${OAUTH_NONCE_COOKIE}=${nonce}; Path=/; Max-Age=${MAX_AGE_SECONDS}; HttpOnly; Secure; SameSite=Lax`;

/** The nonce from payload 2.0 `cookies` (`name=value` strings), if there is exactly one. */
export function oauthNonceFrom(cookies: string[]): string | undefined {
  const values = cookies
    .map((cookie) => cookie.trim())
    .filter((cookie) => cookie.startsWith(`${OAUTH_NONCE_COOKIE}=`))
    .map((cookie) => cookie.slice(OAUTH_NONCE_COOKIE.length + 1));
  return values.length === 1 ? values[0] : undefined;
}
