import { getQueueEndpoint } from '#shared/http/endpoints/get-queue/endpoint';
import { apiHandler } from '#shared/http/api-handler';

/** The dashboard's twin of get-queue: the same endpoint behind the dashboard session (docs/decisions.md, "Dashboard twins"). */
export const handler = apiHandler({ ...getQueueEndpoint, operation: 'dashboard-get-queue', auth: 'session' });
