/**
 * A person's browser opening the authorization URL the API hands out (docs/api.md, "LinkedIn
 * OAuth"): our start endpoint gives it the nonce cookie the callback asks for, and sends it on
 * to LinkedIn. `baseUrl` is where the service answers (the URL's own base may be the public one).
 */
export async function openAuthorizationUrl(baseUrl: string, authorizationUrl: string): Promise<{ linkedInUrl: string; cookie: string }> {
  const path = authorizationUrl.slice(authorizationUrl.indexOf('/profiles/linkedin/start'));
  const answer = await fetch(`${baseUrl}${path}`, { redirect: 'manual' });
  const cookie = answer.headers.getSetCookie().find((value) => value.startsWith('__Host-sps_oauth='));
  if (answer.status !== 302 || !cookie) throw new Error(`the start URL answered ${answer.status}: ${await answer.text()}`);
  return { linkedInUrl: answer.headers.get('location') as string, cookie: cookie.split(';')[0] };
}
