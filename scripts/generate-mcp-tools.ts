import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildMcpTools } from './mcp-tools/build-tools';

/**
 * `npm run mcp-tools` (also run by `npm run openapi`): the MCP server's tools, generated from
 * docs/openapi.json, never listed by hand (docs/decisions.md, "MCP tools from the OpenAPI document").
 * Writes two files:
 * - shared/mcp/tools.gen.ts: every tool's name, description, input schema, annotations and route;
 * - functions/mcp/handlers.gen.ts: the route handler of each tool's operation, loaded on first
 *   use, so the MCP function runs the very handler its HTTP route runs.
 * Deterministic; test/unit/mcp-tools-generated.test.ts fails while the committed files differ.
 */
const ROOT = join(__dirname, '..');
export const DOCUMENT = join(ROOT, 'docs', 'openapi.json');
export const TOOLS_FILE = join(ROOT, 'shared', 'mcp', 'tools.gen.ts');
export const HANDLERS_FILE = join(ROOT, 'functions', 'mcp', 'handlers.gen.ts');
const NOTE = '// Generated from docs/openapi.json by `npm run mcp-tools` (scripts/generate-mcp-tools.ts): do not edit.\n';

export function renderMcpFiles(documentText: string): { tools: string; handlers: string } {
  const tools = buildMcpTools(JSON.parse(documentText) as Record<string, unknown>);
  const toolsText = [
    NOTE,
    "import type { McpToolDefinition } from './tool-definition';",
    '',
    `export const mcpTools: readonly McpToolDefinition[] = ${JSON.stringify(tools, null, 2)};`,
    '',
  ].join('\n');
  const operations = [...new Set(tools.map((tool) => tool.operation))].sort();
  const handlersText = [
    NOTE,
    "import type { RouteHandler } from './route-handler';",
    '',
    '/** Operation → its route handler (functions/<operation>/handler.ts), imported on first use. */',
    'export const routeHandlers: Record<string, () => Promise<RouteHandler>> = {',
    ...operations.map((operation) => `  '${operation}': async () => (await import('#functions/${operation}/handler')).handler,`),
    '};',
    '',
  ].join('\n');
  return { tools: toolsText, handlers: handlersText };
}

function main(): void {
  const { tools, handlers } = renderMcpFiles(readFileSync(DOCUMENT, 'utf8'));
  writeFileSync(TOOLS_FILE, tools);
  writeFileSync(HANDLERS_FILE, handlers);
  process.stdout.write(`wrote ${TOOLS_FILE}\nwrote ${HANDLERS_FILE}\n`);
}

if (require.main === module) main();
