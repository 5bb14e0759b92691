import { rotateWebhookSecretEndpoint } from '#shared/http/endpoints/rotate-webhook-secret/endpoint';
import { apiHandler } from '#shared/http/api-handler';

/** The dashboard's twin of rotate-webhook-secret: the same endpoint behind the dashboard session (docs/decisions.md, "Dashboard twins"). */
export const handler = apiHandler({ ...rotateWebhookSecretEndpoint, operation: 'dashboard-rotate-webhook-secret', auth: 'session' });
