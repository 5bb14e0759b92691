import { putQueueEndpoint } from '#shared/http/endpoints/put-queue/endpoint';
import { apiHandler } from '#shared/http/api-handler';

/** The dashboard's twin of put-queue: the same endpoint behind the dashboard session (docs/decisions.md, "Dashboard twins"). */
export const handler = apiHandler({ ...putQueueEndpoint, operation: 'dashboard-put-queue', auth: 'session' });
