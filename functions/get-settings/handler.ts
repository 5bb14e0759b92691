import { apiHandler } from '#shared/http/api-handler';
import { getSettingsEndpoint } from '#shared/http/endpoints/get-settings/endpoint';

export const handler = apiHandler({ ...getSettingsEndpoint, operation: 'get-settings' });
