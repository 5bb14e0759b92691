import { deleteKeyEndpoint } from '#shared/http/endpoints/delete-key/endpoint';
import { apiHandler } from '#shared/http/api-handler';

/** The dashboard's twin of delete-key: the same endpoint behind the dashboard session (docs/decisions.md, "Dashboard twins"). */
export const handler = apiHandler({ ...deleteKeyEndpoint, operation: 'dashboard-delete-key', auth: 'session' });
