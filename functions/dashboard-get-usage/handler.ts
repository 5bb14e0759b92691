import { getUsageEndpoint } from '#shared/http/endpoints/get-usage/endpoint';
import { apiHandler } from '#shared/http/api-handler';

/** The dashboard's twin of get-usage: the same endpoint behind the dashboard session (docs/decisions.md, "Dashboard twins"). */
export const handler = apiHandler({ ...getUsageEndpoint, operation: 'dashboard-get-usage', auth: 'session' });
