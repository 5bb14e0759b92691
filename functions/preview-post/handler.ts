import { apiHandler } from '#shared/http/api-handler';
import { previewPostEndpoint } from './endpoint';

export const handler = apiHandler({ ...previewPostEndpoint, operation: 'preview-post' });
