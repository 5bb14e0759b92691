import { testWebhookEndpoint } from '#shared/http/endpoints/test-webhook/endpoint';
import { apiHandler } from '#shared/http/api-handler';

/** The dashboard's twin of test-webhook: the same endpoint behind the dashboard session (docs/decisions.md, "Dashboard twins"). */
export const handler = apiHandler({ ...testWebhookEndpoint, operation: 'dashboard-test-webhook', auth: 'session' });
