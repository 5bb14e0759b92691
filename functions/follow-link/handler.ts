import { followLinkHandler } from '#shared/http/endpoints/follow-link/endpoint';

/** GET /l/{code}: a tracked link's redirect (docs/api.md, "Tracked links"). Its own small function: no key, one read, one counter write. */
export const handler = followLinkHandler;
