import { listWebhooksEndpoint } from '#shared/http/endpoints/list-webhooks/endpoint';
import { apiHandler } from '#shared/http/api-handler';

/** The dashboard's twin of list-webhooks: the same endpoint behind the dashboard session (docs/decisions.md, "Dashboard twins"). */
export const handler = apiHandler({ ...listWebhooksEndpoint, operation: 'dashboard-list-webhooks', auth: 'session' });
