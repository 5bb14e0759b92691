import { ServiceError } from '#shared/http/errors';
import { apiHandler } from '#shared/http/api-handler';

/** API Gateway's `$default` route: any path or method the route table does not know. */
export const handler = apiHandler({
  operation: 'not-found',
  auth: 'none',
  handle: async () => {
    throw new ServiceError('NOT_FOUND');
  },
});
