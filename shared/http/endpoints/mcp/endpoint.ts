import type { APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import { DomainError } from '#shared/domain/errors';
import type { EndpointDefinition } from '#shared/http/api-handler';
import { withHandedOverCaller, type AuthenticatedCaller } from '#shared/http/handed-over-caller';
import { toWireError } from '#shared/http/errors';
import { requestDeadline } from '#shared/http/request-deadline';
import type { HttpEvent } from '#shared/http/types';
import { answerMcp } from '#shared/mcp/answer-mcp';
import { toolRequestEvent, unknownArgument, type ToolCaller } from '#shared/mcp/tool-request';
import * as validators from './schema.validators';
import { mcpMessageSchema, type McpMessage } from './schema';

/** Runs an operation's route handler in this process, as its HTTP route would (functions/mcp/). */
export type RunOperation = (operation: string, event: HttpEvent, context: Context) => Promise<APIGatewayProxyStructuredResultV2>;

/**
 * The Lambda context an operation gets inside an MCP request: the same id, the time the MCP request
 * has left, and the MCP request's caller, so the operation neither looks the key up nor counts it again.
 */
function operationContext(requestId: string, operation: string, caller: AuthenticatedCaller): Context {
  const deadlineAt = requestDeadline()?.at ?? Date.now();
  const noop = () => undefined;
  return withHandedOverCaller(
    {
      awsRequestId: requestId,
      functionName: operation,
      functionVersion: '$LATEST',
      invokedFunctionArn: `mcp:${operation}`,
      memoryLimitInMB: '0',
      logGroupName: 'mcp',
      logStreamName: 'mcp',
      callbackWaitsForEmptyEventLoop: false,
      getRemainingTimeInMillis: () => Math.max(0, deadlineAt - Date.now()),
      done: noop,
      fail: noop,
      succeed: noop,
    },
    caller,
  );
}

/**
 * POST /mcp (docs/api.md, "MCP"): the Model Context Protocol over Streamable HTTP, stateless, JSON
 * responses. The key is authenticated and counted like any request (x-api-key or Bearer), once: a tool
 * call then runs its operation's own route handler with the caller this request authenticated (handed
 * over with the context, docs/decisions/0163-mcp-counts-once.md), so that operation's checks (scope,
 * validation, limits, idempotency) and its log line are those of the HTTP route.
 */
export function mcpEndpoint(run: RunOperation): EndpointDefinition<McpMessage> {
  return {
    body: { schema: mcpMessageSchema, validator: validators.mcpMessageSchema },
    handle: async ({ body, headers, scope, requestId, sourceIp, accountId, state }) => {
      const host = headers.host ?? 'localhost';
      const authenticated: AuthenticatedCaller = {
        accountId,
        apiKeyId: state.apiKeyId ?? '',
        apiKeyName: state.apiKeyName,
        scope,
        ...(state.oauth ? { connection: state.oauth } : {}),
      };
      const caller: ToolCaller = {
        requestId,
        sourceIp,
        host,
        userAgent: headers['user-agent'] ?? 'mcp',
      };
      // The answer is JSON whatever the client accepts: a stateless server opens no event stream.
      const answer = await answerMcp(body, headers['mcp-protocol-version'] || undefined, {
        scope,
        call: async (tool, args) => {
          const unknown = unknownArgument(tool, args);
          if (unknown) {
            const wire = toWireError(new DomainError('INVALID_FIELD', { field: unknown }));
            return { statusCode: wire.statusCode, body: JSON.stringify(wire.body) };
          }
          const result = await run(
            tool.operation,
            toolRequestEvent(tool, args, caller),
            operationContext(requestId, tool.operation, authenticated),
          );
          const text = result.isBase64Encoded && result.body ? Buffer.from(result.body, 'base64').toString('utf8') : result.body;
          return { statusCode: result.statusCode ?? 200, body: text };
        },
      });
      return { statusCode: answer.status, body: answer.body };
    },
  };
}
