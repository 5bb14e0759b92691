import { getAnalyticsEndpoint } from '#shared/http/endpoints/get-analytics/endpoint';
import { apiHandler } from '#shared/http/api-handler';

/** The dashboard's twin of get-analytics: the same endpoint behind the dashboard session (docs/decisions.md, "Dashboard twins"). */
export const handler = apiHandler({ ...getAnalyticsEndpoint, operation: 'dashboard-get-analytics', auth: 'session' });
