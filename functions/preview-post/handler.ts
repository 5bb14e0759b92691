import { apiHandler } from '#shared/http/api-handler';
import { previewPostEndpoint } from '#shared/http/endpoints/preview-post/endpoint';

export const handler = apiHandler({ ...previewPostEndpoint, operation: 'preview-post' });
