import { apiHandler } from '#shared/http/api-handler';
import { setProfileAuthorEndpoint } from '#shared/http/endpoints/set-profile-author/endpoint';

export const handler = apiHandler({ ...setProfileAuthorEndpoint, operation: 'set-profile-author' });
