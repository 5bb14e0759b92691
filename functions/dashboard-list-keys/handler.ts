import { listKeysEndpoint } from '#shared/http/endpoints/list-keys/endpoint';
import { apiHandler } from '#shared/http/api-handler';

/** The dashboard's twin of list-keys: the same endpoint behind the dashboard session (docs/decisions.md, "Dashboard twins"). */
export const handler = apiHandler({ ...listKeysEndpoint, operation: 'dashboard-list-keys', auth: 'session' });
