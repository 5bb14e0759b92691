import { join } from 'node:path';

/**
 * client/src/schema.gen.ts, the typed client's paths, operations and schemas, from the OpenAPI
 * document (built in memory by `npm run generate`) with openapi-typescript's Node API (the same
 * output as its CLI with default options, plus a line saying how to regenerate). The dashboard
 * takes its wire types from the same file. Deterministic: the same document gives the same bytes;
 * nothing here names an operation, so operations added to the document need no change here.
 */
const ROOT = join(__dirname, '..');
export const TARGET = join(ROOT, 'client', 'src', 'schema.gen.ts');

const NOTE = '// Regenerate with `npm run generate` (docs/decisions/0041-typed-client.md).\n\n';

export async function generateClientSchema(documentText: string): Promise<string> {
  // openapi-typescript is an ES module; a dynamic import keeps this script loadable by tsx either way.
  const { default: openapiTS, astToString, COMMENT_HEADER } = await import('openapi-typescript');
  const ast = await openapiTS(JSON.parse(documentText) as Parameters<typeof openapiTS>[0], { silent: true });
  return `${COMMENT_HEADER}${NOTE}${astToString(ast)}`;
}
