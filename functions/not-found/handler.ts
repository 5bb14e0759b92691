import { DomainError } from '#shared/domain/errors';
import { apiHandler } from '#shared/http/api-handler';
import type { HttpEvent } from '#shared/http/types';
import { isMcpMethodNotAllowed, MCP_METHOD_NOT_ALLOWED } from '#shared/http/endpoints/mcp/method-not-allowed';
import type { Context } from 'aws-lambda';

/** API Gateway's `$default` route: any path or method the route table does not know. */
const notFound = apiHandler({
  operation: 'not-found',
  handle: async () => {
    throw new DomainError('NOT_FOUND');
  },
});

/** GET and DELETE /mcp: 405, as a stateless MCP server answers them. */
const mcpMethodNotAllowed = apiHandler({ operation: 'not-found', handle: async () => MCP_METHOD_NOT_ALLOWED });

export const handler = (event: HttpEvent, context: Context) =>
  (isMcpMethodNotAllowed(event) ? mcpMethodNotAllowed : notFound)(event, context);
