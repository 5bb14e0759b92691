import { MCP_OPERATION, operations, workers } from '#shared/api/manifest';
import type { NativeModule, OperationNeeds } from '#shared/api/operation';
import { routesOf } from '#shared/http/routes';
import { mcpMemoryMb, mcpNativeModules, mcpNeeds } from './mcp-function';

/** One Lambda function, as the manifest (shared/api/manifest.ts) describes its operation. */
export interface FunctionSpec {
  operation: string;
  description: string;
  /** Read-write access to the table, or none. */
  table: 'RW' | 'none';
  memoryMb?: number;
  timeoutSeconds?: number;
  needs: OperationNeeds;
  nativeModules?: NativeModule[];
  /**
   * What starts it: an API route (its log lines carry the request id and operation, so every route
   * function writes to the one request log group), or an event source (a log group of its own).
   */
  startedBy: 'route' | 'event';
}

/**
 * Every function of the stack: one per operation that serves routes (its public route and its
 * dashboard route share it), then the workers. Route functions read and write the table even for
 * reads: authentication counts every request (rate limit, last use), and the OAuth callback
 * consumes its state and creates the profile.
 */
export function functionSpecs(): FunctionSpec[] {
  const routed = Object.entries(operations).map(([operation, entry]): FunctionSpec => {
    const isMcp = operation === MCP_OPERATION;
    return {
      operation,
      description: routesOf(operation)
        .map((route) => `${route.method} ${route.path}`)
        .join(', '),
      table: 'RW',
      memoryMb: isMcp ? mcpMemoryMb(entry.memoryMb) : entry.memoryMb,
      timeoutSeconds: entry.timeoutSeconds,
      needs: isMcp ? mcpNeeds(entry.needs) : (entry.needs ?? {}),
      nativeModules: isMcp ? mcpNativeModules(entry.nativeModules) : entry.nativeModules,
      startedBy: 'route',
    };
  });
  const background = Object.entries(workers).map(([operation, worker]): FunctionSpec => ({
    operation,
    ...worker,
    needs: worker.needs ?? {},
    startedBy: 'event',
  }));
  return [...routed, ...background];
}

/**
 * What decides a route function's grants: table access and needs (plus the request log group and
 * X-Ray, which every route function has). Two route functions with the same key get the same
 * statements. Keys are compared in a canonical order, so the order needs are written in does not matter.
 */
export function grantsKey(spec: Pick<FunctionSpec, 'table' | 'needs'>): string {
  const canonical = (value: unknown): unknown => {
    if (Array.isArray(value)) return [...value].map(canonical).sort();
    if (value && typeof value === 'object')
      return Object.fromEntries(
        Object.entries(value)
          .filter(([, inner]) => inner !== undefined && inner !== false)
          .sort(([a], [b]) => a.localeCompare(b))
          .map(([key, inner]) => [key, canonical(inner)]),
      );
    return value;
  };
  return JSON.stringify({ table: spec.table, needs: canonical(spec.needs) });
}
