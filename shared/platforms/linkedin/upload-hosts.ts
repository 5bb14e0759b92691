/**
 * Where the member's token may go with an upload (docs/decisions/0146-linkedin-upload-hosts.md):
 * LinkedIn's `initializeUpload` answers the URL the bytes are PUT to, with the Bearer token. An
 * answer naming any other place (a compromised or spoofed answer, a proxy gone wrong) must not
 * receive the token: the URL has to be https on one of LinkedIn's hosts (config.linkedin.uploadHosts,
 * LINKEDIN_UPLOAD_HOSTS), or the upload fails before anything is sent.
 */
export class UploadUrlRefused extends Error {
  constructor(readonly url: string) {
    super(`LinkedIn named an upload URL outside its upload hosts (${safeOrigin(url)}); nothing was sent there`);
    this.name = 'UploadUrlRefused';
  }
}

function safeOrigin(url: string): string {
  try {
    return new URL(url).origin;
  } catch {
    return 'not a URL';
  }
}

const DEFAULT_PORTS: Record<string, string> = { 'https:': '443', 'http:': '80' };

/**
 * Whether `url` is on one of `allowed`: entries as config.ts normalizes them,
 * `scheme://host[:port]`, the host exact or `*.` for any subdomain.
 */
export function isAllowedUploadUrl(url: string, allowed: readonly string[]): boolean {
  let target: URL;
  try {
    target = new URL(url);
  } catch {
    return false;
  }
  // Credentials in the URL would be sent as well: never.
  if (target.username || target.password) return false;
  const port = target.port || DEFAULT_PORTS[target.protocol];
  return allowed.some((entry) => {
    const match = /^(https?:)\/\/(\*\.)?([^:/]+)(?::(\d+))?$/.exec(entry);
    if (!match) return false;
    const [, protocol, wildcard, host, entryPort] = match;
    if (target.protocol !== protocol || port !== (entryPort ?? DEFAULT_PORTS[protocol])) return false;
    return wildcard ? target.hostname.endsWith(`.${host}`) : target.hostname === host;
  });
}

/** Throws UploadUrlRefused unless every URL is allowed: checked before any byte or token leaves. */
export function assertUploadUrls(urls: readonly string[], allowed: readonly string[]): void {
  const refused = urls.find((url) => !isAllowedUploadUrl(url, allowed));
  if (refused !== undefined) throw new UploadUrlRefused(refused);
}
