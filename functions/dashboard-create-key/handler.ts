import { createKeyEndpoint } from '#shared/http/endpoints/create-key/endpoint';
import { apiHandler } from '#shared/http/api-handler';

/**
 * The dashboard's twin of create-key: the same endpoint behind the dashboard session (docs/decisions.md, "Dashboard twins").
 * As POST /keys: an idempotency-key replays the same key, its value kept sealed in the idempotency record only.
 */
export const handler = apiHandler({ ...createKeyEndpoint, operation: 'dashboard-create-key', auth: 'session' });
