import { mcpToolOperations, operations } from '#shared/api/manifest';
import type { NativeModule, OperationNeeds } from '#shared/api/operation';

/**
 * The MCP function runs every public API-key operation in its own process (each tool call runs
 * that operation's route handler, docs/decisions/0046-mcp.md), so it needs what any of them needs:
 * the union of their needs and the most memory any of them gets (complete-media decodes images).
 */
export const MCP_TOOL_OPERATIONS: ReadonlySet<string> = new Set(mcpToolOperations());

const union = <T>(lists: Array<readonly T[] | undefined>): T[] | undefined => {
  const all = [...new Set(lists.flatMap((list) => list ?? []))].sort();
  return all.length ? all : undefined;
};

/** Needs merged: sealing covers opening; lists are joined. */
export function mergeNeeds(needs: readonly OperationNeeds[]): OperationNeeds {
  const secretBoxes = needs.map((need) => need.secretBox);
  const merged: OperationNeeds = {
    secretBox: secretBoxes.includes('seal') ? 'seal' : secretBoxes.includes('open') ? 'open' : undefined,
    linkedinClientSecret: needs.some((need) => need.linkedinClientSecret) ? true : undefined,
    blueskyOAuthKey: needs.some((need) => need.blueskyOAuthKey) ? true : undefined,
    scheduler: union(needs.map((need) => need.scheduler)),
    media: union(needs.map((need) => need.media)),
    metricsRefresh: needs.some((need) => need.metricsRefresh) ? true : undefined,
    webhookRetries: needs.some((need) => need.webhookRetries) ? true : undefined,
  };
  return Object.fromEntries(Object.entries(merged).filter(([, value]) => value !== undefined)) as OperationNeeds;
}

/** What the MCP function needs: its own, and every tool operation's. */
export const mcpNeeds = (own: OperationNeeds = {}): OperationNeeds =>
  mergeNeeds([own, ...[...MCP_TOOL_OPERATIONS].map((operation) => operations[operation].needs ?? {})]);

/** The MCP function's memory: the most any of its operations gets, if any gets more than the default. */
export const mcpMemoryMb = (own?: number): number | undefined => {
  const most = Math.max(own ?? 0, ...[...MCP_TOOL_OPERATIONS].map((operation) => operations[operation].memoryMb ?? 0));
  return most || undefined;
};

/** The MCP function's native packages: those of any of its operations (complete-media decodes images with sharp). */
export const mcpNativeModules = (own: NativeModule[] = []): NativeModule[] | undefined =>
  union([own, ...[...MCP_TOOL_OPERATIONS].map((operation) => operations[operation].nativeModules)]);
