import { apiHandler } from '#shared/http/api-handler';
import { putSettingsEndpoint } from '#shared/http/endpoints/put-settings/endpoint';

export const handler = apiHandler({ ...putSettingsEndpoint, operation: 'put-settings' });
