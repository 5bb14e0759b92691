import { MCP_OPERATION, routes } from '#shared/http/routes';

/**
 * The MCP function runs every public API-key operation in its own process (each tool call runs
 * that operation's route handler, docs/decisions.md, "MCP"), so it needs what any of them needs:
 * the helpers below add it wherever one of its operations is granted something.
 */
export const MCP_TOOL_OPERATIONS: ReadonlySet<string> = new Set(
  routes.filter((route) => route.auth === 'api-key' && route.operation !== MCP_OPERATION).map((route) => route.operation),
);

/** The operations of a grant, with the MCP function's when it runs one of them. */
export const withMcp = (operations: readonly string[]): string[] =>
  operations.some((operation) => MCP_TOOL_OPERATIONS.has(operation)) ? [...operations, MCP_OPERATION] : [...operations];

/** Media bucket access by operation, with the MCP function holding every action its operations hold. */
export function withMcpMedia<A extends string>(access: Record<string, A[]>): Record<string, A[]> {
  const actions = Object.entries(access).flatMap(([operation, granted]) => (MCP_TOOL_OPERATIONS.has(operation) ? granted : []));
  return actions.length ? { ...access, [MCP_OPERATION]: [...new Set(actions)].sort() } : access;
}

/** Memory by operation: the MCP function gets the most any of its operations gets (complete-media decodes images). */
export function withMcpMemory(memory: Record<string, number>): Record<string, number> {
  const most = Math.max(0, ...Object.entries(memory).map(([operation, mb]) => (MCP_TOOL_OPERATIONS.has(operation) ? mb : 0)));
  return most ? { ...memory, [MCP_OPERATION]: most } : memory;
}
