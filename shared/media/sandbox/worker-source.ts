import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import * as path from 'node:path';

/** How to start a worker whose entry is a TypeScript module (or its bundle, in Lambda). */
export interface WorkerSource {
  filename: string;
  eval: boolean;
  env: Record<string, string>;
}

const ROOT = path.resolve(__dirname, '..', '..', '..');

/**
 * The bundle `bundledName` beside the running code when there is one (a Lambda bundle:
 * lib/api-function.ts writes it next to index.js), else the TypeScript entry itself (npm start
 * under tsx, tests under ts-jest): a worker cannot load .ts, so a two-line script registers
 * tsx's require hook, which also resolves the #shared/* aliases from the repository's tsconfig.
 * The worker's environment names where modules are found and nothing else: it needs no
 * setting, and so holds no secret to leak.
 */
export function workerSource(entry: string, bundledName?: string): WorkerSource {
  const env = Object.fromEntries(['NODE_PATH', 'TZ', 'LANG'].flatMap((name) => (process.env[name] ? [[name, process.env[name]]] : [])));
  const bundled = bundledName && path.join(__dirname, bundledName);
  if (bundled && existsSync(bundled)) return { filename: bundled, eval: false, env };
  const tsx = createRequire(path.join(ROOT, 'package.json')).resolve('tsx/cjs/api');
  return {
    filename: `require(${JSON.stringify(tsx)}).register();\nrequire(${JSON.stringify(entry)});`,
    eval: true,
    env: { ...env, TSX_TSCONFIG_PATH: path.join(ROOT, 'tsconfig.json') },
  };
}
