import { schedulePostEndpoint } from '#shared/http/endpoints/schedule-post/endpoint';
import { apiHandler } from '#shared/http/api-handler';

/** The dashboard's twin of schedule-post (Approve on the drafts page): the same endpoint behind the dashboard session (docs/decisions.md, "Dashboard twins"). */
export const handler = apiHandler({ ...schedulePostEndpoint, operation: 'dashboard-schedule-post', auth: 'session' });
