import { createKeyEndpoint } from '#shared/http/endpoints/create-key/endpoint';
import { apiHandler } from '#shared/http/api-handler';

/**
 * The dashboard's twin of create-key: the same endpoint behind the dashboard session (docs/decisions.md, "Dashboard twins").
 * As POST /keys: the value is in this response only, never stored, so nothing to replay.
 */
export const handler = apiHandler({ ...createKeyEndpoint, operation: 'dashboard-create-key', auth: 'session' });
