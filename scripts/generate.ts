import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { operations } from '#shared/api/manifest';
import { generateClientSchema, TARGET as CLIENT_FILE } from './generate-client';
import { CLI_COMMANDS_FILE, renderCliCommands } from './generate/cli-commands';
import { HANDLERS_FILE, renderMcpFiles, TOOLS_FILE } from './generate-mcp-tools';
import { renderRuntimeTable, RUNTIME_TABLE_FILE } from './generate/runtime-table';
import { renderServerTypes, SERVER_TYPES_FILE } from './generate/server-types';
import { buildOpenApiDocument, renderOpenApiDocument } from './openapi/generator';
import { generateAll, presentGeneratedFiles, ROOT } from './validators';

/**
 * `npm run generate`: every generated file, from the operation manifest (shared/api/manifest.ts),
 * in one order: request validators, the runtime table, docs/openapi.json, the server's response
 * types, the MCP tools and handler map, the typed client's schema, the command line's commands. All of them are committed
 * (docs/decisions/0103-generated-files-committed.md). Nothing here reads docs/: the later steps take
 * the document built in memory.
 *
 * `npm run generate -- --check` (`npm run lint:generated`) writes nothing and exits 1 naming every
 * file that generating would change.
 */
export const OPENAPI_FILE = 'docs/openapi.json';

interface Artefact {
  /** Relative to the repository root. */
  file: string;
  /** undefined: the file should not exist (a validators module whose schema module went away). */
  text: string | undefined;
}

const relative = (absolute: string): string => absolute.slice(ROOT.length + 1);

export async function artefacts(): Promise<Artefact[]> {
  const validators = generateAll();
  const stale = presentGeneratedFiles().filter((file) => !validators.some((module) => module.file === file));
  const documentText = renderOpenApiDocument(buildOpenApiDocument());
  const mcp = renderMcpFiles(documentText);
  return [
    ...validators.map((module) => ({ file: module.file, text: module.text })),
    ...stale.map((file) => ({ file, text: undefined })),
    { file: RUNTIME_TABLE_FILE, text: renderRuntimeTable(operations) },
    { file: OPENAPI_FILE, text: documentText },
    { file: SERVER_TYPES_FILE, text: await renderServerTypes(documentText) },
    { file: relative(TOOLS_FILE), text: mcp.tools },
    { file: relative(HANDLERS_FILE), text: mcp.handlers },
    { file: relative(CLIENT_FILE), text: await generateClientSchema(documentText) },
    { file: CLI_COMMANDS_FILE, text: renderCliCommands(documentText) },
  ];
}

const current = (file: string): string | undefined => (existsSync(join(ROOT, file)) ? readFileSync(join(ROOT, file), 'utf8') : undefined);

async function main(): Promise<void> {
  const check = process.argv.includes('--check');
  const changed = (await artefacts()).filter((artefact) => current(artefact.file) !== artefact.text);
  if (check) {
    for (const { file, text } of changed) {
      process.stderr.write(`generated file out of date: ${file} (${text === undefined ? 'would be removed' : 'would change'})\n`);
    }
    if (changed.length) process.stderr.write('run `npm run generate` and commit the result\n');
    process.exitCode = changed.length ? 1 : 0;
    return;
  }
  for (const { file, text } of changed) {
    if (text === undefined) rmSync(join(ROOT, file));
    else writeFileSync(join(ROOT, file), text);
    process.stdout.write(`generate: ${text === undefined ? 'removed' : 'wrote'} ${file}\n`);
  }
}

if (require.main === module) {
  main().catch((error: unknown) => {
    process.stderr.write(`generate failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    process.exit(1);
  });
}
