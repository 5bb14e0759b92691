import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * `npx tsx scripts/generate-client.ts`: writes client/src/schema.gen.ts, the typed client's paths,
 * operations and schemas, from docs/openapi.json with openapi-typescript's Node API (the same
 * output as its CLI with default options, plus a line saying how to regenerate). The dashboard
 * takes its wire types from the same file, so there is one generated copy of the API's types.
 * `--stdout` prints the text instead of writing it (the staleness test compares it with the
 * committed file). Deterministic: the same document gives the same bytes; nothing here names an
 * operation, so operations added to the document need no change here.
 */
const ROOT = join(__dirname, '..');
export const DOCUMENT = join(ROOT, 'docs', 'openapi.json');
export const TARGET = join(ROOT, 'client', 'src', 'schema.gen.ts');

const NOTE = '// Regenerate with `npx tsx scripts/generate-client.ts` after `npm run openapi` (docs/decisions.md, "Typed client").\n\n';

export async function generateClientSchema(documentText: string): Promise<string> {
  // openapi-typescript is an ES module; a dynamic import keeps this script loadable by tsx either way.
  const { default: openapiTS, astToString, COMMENT_HEADER } = await import('openapi-typescript');
  const ast = await openapiTS(JSON.parse(documentText) as Parameters<typeof openapiTS>[0], { silent: true });
  return `${COMMENT_HEADER}${NOTE}${astToString(ast)}`;
}

async function main(): Promise<void> {
  const text = await generateClientSchema(readFileSync(DOCUMENT, 'utf8'));
  if (process.argv.includes('--stdout')) {
    process.stdout.write(text);
    return;
  }
  writeFileSync(TARGET, text);
  process.stdout.write(`wrote ${TARGET}\n`);
}

if (require.main === module) {
  main().catch((error: unknown) => {
    process.stderr.write(`generate-client failed: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  });
}
