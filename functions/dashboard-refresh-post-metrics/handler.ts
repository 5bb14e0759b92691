import { refreshPostMetricsEndpoint } from '#shared/http/endpoints/refresh-post-metrics/endpoint';
import { apiHandler } from '#shared/http/api-handler';

/** The dashboard's twin of refresh-post-metrics: the same endpoint behind the dashboard session (docs/decisions.md, "Dashboard twins"). */
export const handler = apiHandler({ ...refreshPostMetricsEndpoint, operation: 'dashboard-refresh-post-metrics', auth: 'session' });
