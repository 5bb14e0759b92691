import type { OperationEntry } from '#shared/api/operation';

/**
 * shared/api/runtime.gen.ts: the part of the manifest the functions read on every request (route,
 * dashboard path, authentication, scope, deadline class, idempotency), without the documentation,
 * examples and schemas, which would otherwise travel in every Lambda bundle. Generated, so it
 * cannot drift from the manifest (`npm run lint:generated`).
 */
export const RUNTIME_TABLE_FILE = 'shared/api/runtime.gen.ts';

const RUNTIME_FIELDS = ['method', 'path', 'dashboardPath', 'auth', 'scope', 'deadline', 'idempotent'] as const;

export function renderRuntimeTable(operations: Readonly<Record<string, OperationEntry>>): string {
  const rows = Object.entries(operations).map(([name, entry]) => {
    const fields = RUNTIME_FIELDS.filter((field) => entry[field] !== undefined).map(
      (field) => `${field}: ${JSON.stringify(entry[field]).replaceAll('"', "'")}`,
    );
    return `  '${name}': { ${fields.join(', ')} },`;
  });
  return [
    '// Generated from shared/api/manifest.ts by `npm run generate` (scripts/generate.ts): do not edit.',
    '',
    "import type { OperationRuntimeRow } from './operation';",
    '',
    '/** Each operation of the manifest as the functions read it per request: route, authentication, scope, deadline, idempotency. */',
    'export const operationRuntime: Readonly<Record<string, OperationRuntimeRow>> = {',
    ...rows,
    '};',
    '',
  ].join('\n');
}
