import { apiHandler } from '#shared/http/api-handler';
import { createPostsBatchEndpoint } from '#shared/http/endpoints/create-posts-batch/endpoint';

/** The dashboard's twin of create-posts-batch (the CSV import): the same endpoint behind the dashboard session. */
export const handler = apiHandler({ ...createPostsBatchEndpoint, operation: 'dashboard-create-posts-batch', auth: 'session' });
