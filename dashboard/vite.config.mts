import { dirname, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';

/**
 * The dashboard: Preact pages built by Vite into dashboard/dist, served at /dashboard/ (locally
 * by local/static-files.ts, in AWS from S3 behind CloudFront). Rules shared with the API are
 * imported from the service's own modules (#shared/*, #functions/*), never copied.
 */
const here = dirname(fileURLToPath(import.meta.url));
const root = resolve(here, '..');

/** Writes dist/.inputs.json: the source files of the bundle, for build-if-stale.mjs. */
function recordInputs(): Plugin {
  return {
    name: 'record-inputs',
    apply: 'build',
    generateBundle() {
      const inputs = [...this.getModuleIds()]
        .filter((id) => id.startsWith(root) && !id.includes('node_modules') && !id.includes('\0'))
        .map((id) => relative(root, id.split('?')[0]))
        .sort();
      this.emitFile({ type: 'asset', fileName: '.inputs.json', source: `${JSON.stringify([...new Set(inputs)], null, 2)}\n` });
    },
  };
}

export default defineConfig({
  root: here,
  base: '/dashboard/',
  logLevel: 'warn',
  esbuild: { jsx: 'automatic', jsxImportSource: 'preact' },
  resolve: {
    alias: [
      { find: /^#shared\/(.*)$/, replacement: `${root}/shared/$1` },
      { find: /^#functions\/(.*)$/, replacement: `${root}/functions/$1` },
    ],
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    // Source maps would ship the sources to every visitor; the service is open source anyway, but the bundle stays lean.
    sourcemap: false,
  },
  plugins: [recordInputs()],
});
