import { apiHandler } from '#shared/http/api-handler';
import { schedulePostEndpoint } from '#shared/http/endpoints/schedule-post/endpoint';

export const handler = apiHandler({ ...schedulePostEndpoint, operation: 'schedule-post' });
