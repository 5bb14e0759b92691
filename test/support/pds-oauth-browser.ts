import { request as httpRequest } from 'node:http';

/**
 * A stand-in for the user's browser at the PDS's OAuth sign-in and consent page, driven through the
 * page's own internal API (`/@atproto/oauth-provider/~api/*`), as measured in shared/PROBES.md
 * ("atproto OAuth"). That API is internal to @atproto/oauth-provider and changes between versions:
 * this follows 0.15.15 (the one @atproto/dev-env 0.3.215 runs). The browser headers it checks
 * (sec-fetch-*, origin, referer) are ones Node's fetch will not send, so plain node:http does.
 */
interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

function send(url: URL, method: string, headers: Record<string, string>, body?: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      url,
      { method, headers: { ...headers, ...(body ? { 'content-length': String(Buffer.byteLength(body)) } : {}) } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString('utf8') }));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

/**
 * Signs in at the PDS's authorization URL with the account's password and consents; answers the
 * redirect the PDS sends the browser to (our callback, with code, state and iss).
 */
export async function signInAndConsent(authorizationUrl: string, identifier: string, password: string): Promise<URL> {
  const page = new URL(authorizationUrl);
  const jar = new Map<string, string>();
  const keep = (answer: Answer) => {
    const setCookies = answer.headers['set-cookie'] ?? [];
    for (const line of Array.isArray(setCookies) ? setCookies : [setCookies]) {
      const [pair] = line.split(';');
      const at = pair.indexOf('=');
      jar.set(pair.slice(0, at).trim(), pair.slice(at + 1).trim());
    }
  };
  const cookie = () => [...jar].map(([name, value]) => `${name}=${value}`).join('; ');

  const opened = await send(page, 'GET', {
    'sec-fetch-mode': 'navigate',
    'sec-fetch-dest': 'document',
    'sec-fetch-site': 'cross-site',
    'user-agent': 'social-posting-tests',
    accept: 'text/html',
  });
  if (opened.status !== 200) throw new Error(`the PDS's authorization page answered ${opened.status}: ${opened.body.slice(0, 300)}`);
  keep(opened);

  const api = async (endpoint: string, input: unknown) => {
    const answer = await send(
      new URL(`/@atproto/oauth-provider/~api${endpoint}`, page.origin),
      'POST',
      {
        'content-type': 'application/json',
        cookie: cookie(),
        'x-csrf-token': jar.get('csrf-token') ?? '',
        origin: page.origin,
        referer: page.href,
        'sec-fetch-mode': 'same-origin',
        'sec-fetch-site': 'same-origin',
        'sec-fetch-dest': 'empty',
        'user-agent': 'social-posting-tests',
      },
      JSON.stringify(input),
    );
    keep(answer);
    if (answer.status !== 200) throw new Error(`PDS ${endpoint} answered ${answer.status}: ${answer.body.slice(0, 300)}`);
    return JSON.parse(answer.body) as Record<string, unknown>;
  };

  const signedIn = await api('/sign-in', { locale: 'en', username: identifier, password, remember: true });
  const sub = (signedIn.account as { sub: string }).sub;
  const consented = await api('/consent', { sub });
  // The page then navigates to the PDS's redirect step, which answers the redirect to the client.
  const redirected = await send(new URL(consented.url as string, page.origin), 'GET', {
    cookie: cookie(),
    origin: page.origin,
    referer: page.href,
    'sec-fetch-mode': 'navigate',
    'sec-fetch-site': 'same-origin',
    'sec-fetch-dest': 'document',
    'user-agent': 'social-posting-tests',
  });
  const location = redirected.headers.location;
  if (redirected.status < 300 || redirected.status > 399 || typeof location !== 'string') {
    throw new Error(`the PDS's redirect step answered ${redirected.status}: ${redirected.body.slice(0, 300)}`);
  }
  return new URL(location);
}
