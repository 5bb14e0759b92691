import type { Context } from 'aws-lambda';
import { apiHandler } from '#shared/http/api-handler';
import type { HttpEvent, HttpResponse } from '#shared/http/types';
import { followLink } from '#shared/use-cases/links/follow-link';

/** Never cached: a cached redirect would be a click nobody counts. */
const NO_STORE = { 'cache-control': 'no-store' };

/**
 * What a browser shows for an unknown code: a page, not the API's JSON (docs/api.md, "Tracked links"),
 * since the visitor followed a link and did not call an API.
 */
export const NOT_FOUND_PAGE =
  '<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="robots" content="noindex">' +
  '<title>Link not found</title></head><body><h1>Link not found</h1>' +
  '<p>This short link does not exist. Check that it was copied whole.</p></body></html>\n';

const answer = apiHandler({
  operation: 'follow-link',
  handle: async ({ path, headers, state }) => {
    Object.assign(state.responseHeaders, NO_STORE);
    const followed = await followLink(path.code, headers['user-agent']);
    // A 404 without a body here becomes the page below (the stack writes JSON bodies only).
    if (!followed) return { statusCode: 404 };
    return { statusCode: 302, headers: { location: followed.target } };
  },
});

/** GET /l/{code}: the stack, then the plain page for a 404 it answered without a body. */
export async function followLinkHandler(event: HttpEvent, context: Context): Promise<HttpResponse> {
  const response = (await answer(event, context)) as HttpResponse;
  if (response.statusCode !== 404 || response.body) return response;
  return { ...response, headers: { ...response.headers, 'content-type': 'text/html; charset=utf-8' }, body: NOT_FOUND_PAGE };
}
