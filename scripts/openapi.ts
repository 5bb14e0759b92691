import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { HANDLERS_FILE, renderMcpFiles, TOOLS_FILE } from './generate-mcp-tools';
import { buildOpenApiDocument, renderOpenApiDocument } from './openapi/generator';

/**
 * `npm run openapi`: writes docs/openapi.json from the route table, the endpoints' schemas
 * and the error catalog. A test fails while the committed file differs from a fresh build.
 */
const target = join(__dirname, '..', 'docs', 'openapi.json');
const text = renderOpenApiDocument(buildOpenApiDocument());
writeFileSync(target, text);
process.stdout.write(`wrote ${target}\n`);
// The MCP tools follow the document (scripts/generate-mcp-tools.ts).
const mcp = renderMcpFiles(text);
writeFileSync(TOOLS_FILE, mcp.tools);
writeFileSync(HANDLERS_FILE, mcp.handlers);
process.stdout.write(`wrote ${TOOLS_FILE}\nwrote ${HANDLERS_FILE}\n`);
