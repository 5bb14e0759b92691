import { createReadStream, existsSync, statSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { extname, join, normalize, resolve, sep } from 'node:path';
import { DASHBOARD_HEADERS, IMMUTABLE_CACHE, PAGE_CACHE } from '../dashboard/security-headers';

/**
 * The dashboard's pages, served locally from dashboard/dist as CloudFront serves them from S3
 * in AWS: `/dashboard/assets/*` are the hashed bundles, every other path without a file
 * extension is the single-page app's index.html (its router shows the page). The dashboard's
 * API (`/dashboard/api/*`) is not static: it goes through the route table like any route.
 */
export const DASHBOARD_DIST = resolve(__dirname, '../dashboard/dist');
const PREFIX = '/dashboard';

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.json': 'application/json',
  '.txt': 'text/plain; charset=utf-8',
};

const isStaticPath = (path: string): boolean =>
  path === PREFIX || (path.startsWith(`${PREFIX}/`) && path !== `${PREFIX}/api` && !path.startsWith(`${PREFIX}/api/`));

/** The file under dist for a URL path, or undefined when it would leave dist or does not exist. */
function fileFor(path: string, dist: string): string | undefined {
  let relative: string;
  try {
    relative = decodeURIComponent(path.slice(PREFIX.length + 1));
  } catch {
    return undefined;
  }
  const file = normalize(join(dist, relative));
  if (!file.startsWith(dist + sep)) return undefined;
  return existsSync(file) && statSync(file).isFile() ? file : undefined;
}

function send(response: ServerResponse, method: string, status: number, file: string, cache: string): void {
  const type = CONTENT_TYPES[extname(file)] ?? 'application/octet-stream';
  response.writeHead(status, { ...DASHBOARD_HEADERS, 'content-type': type, 'cache-control': cache, 'content-length': statSync(file).size });
  if (method === 'HEAD') response.end();
  else createReadStream(file).pipe(response);
}

/** Answers a GET or HEAD of a dashboard page or file; false when the request is not one. */
export function serveDashboard(request: IncomingMessage, response: ServerResponse, path: string, dist = DASHBOARD_DIST): boolean {
  const method = request.method ?? 'GET';
  if ((method !== 'GET' && method !== 'HEAD') || !isStaticPath(path)) return false;
  if (path === PREFIX) {
    response.writeHead(308, { location: `${PREFIX}/` });
    response.end();
    return true;
  }
  const index = join(dist, 'index.html');
  if (!existsSync(index)) {
    response.writeHead(503, { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' });
    response.end('The dashboard is not built yet: run `npm run build:dashboard` (npm start and npm test build it when missing).\n');
    return true;
  }
  const file = fileFor(path, dist);
  if (file) {
    send(response, method, 200, file, file.startsWith(join(dist, 'assets') + sep) ? IMMUTABLE_CACHE : PAGE_CACHE);
  } else if (extname(path) === '') {
    send(response, method, 200, index, PAGE_CACHE);
  } else {
    response.writeHead(404, { ...DASHBOARD_HEADERS, 'content-type': 'text/plain; charset=utf-8' });
    response.end('Not found\n');
  }
  return true;
}
