import { createMediaEndpoint } from '#shared/http/endpoints/create-media/endpoint';
import { apiHandler } from '#shared/http/api-handler';

/** The dashboard's twin of create-media: the same endpoint behind the dashboard session (docs/decisions.md, "Dashboard twins"). */
export const handler = apiHandler({ ...createMediaEndpoint, operation: 'dashboard-create-media', auth: 'session' });
