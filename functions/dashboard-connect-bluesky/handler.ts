import { connectBlueskyEndpoint } from '#shared/http/endpoints/connect-bluesky/endpoint';
import { apiHandler } from '#shared/http/api-handler';

/** The dashboard's twin of connect-bluesky: the same endpoint behind the dashboard session (docs/decisions.md, "Dashboard twins"). */
export const handler = apiHandler({ ...connectBlueskyEndpoint, operation: 'dashboard-connect-bluesky', auth: 'session' });
