import { setProfileAuthorEndpoint } from '#shared/http/endpoints/set-profile-author/endpoint';
import { apiHandler } from '#shared/http/api-handler';

/** The dashboard's twin of set-profile-author: the same endpoint behind the dashboard session (docs/decisions.md, "Dashboard twins"). */
export const handler = apiHandler({ ...setProfileAuthorEndpoint, operation: 'dashboard-set-profile-author', auth: 'session' });
