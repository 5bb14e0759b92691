import { DomainError } from '#shared/domain/errors';
import { apiHandler } from '#shared/http/api-handler';

/** API Gateway's `$default` route: any path or method the route table does not know. */
export const handler = apiHandler({
  operation: 'not-found',
  auth: 'none',
  handle: async () => {
    throw new DomainError('NOT_FOUND');
  },
});
