#!/usr/bin/env node
// The `social-posting` command (package.json `bin`): runs cli/main.ts through tsx, a dependency of the
// package, so it works from a clone after `npm install` with nothing compiled (docs/decisions/0231-a-command-line-from-the-manifest.md).
'use strict';
const { readFileSync } = require('node:fs');
const { register } = require('tsx/cjs/api');

register();
const { runCli } = require('./main.ts');

runCli(process.argv.slice(2), {
  env: process.env,
  stdout: (text) => process.stdout.write(text),
  stderr: (text) => process.stderr.write(text),
  fetch: globalThis.fetch,
  readText: (path) => readFileSync(path, 'utf8'),
}).then(
  (code) => {
    process.exitCode = code;
  },
  (error) => {
    process.stderr.write(`social-posting: ${error && error.stack ? error.stack : String(error)}\n`);
    process.exitCode = 1;
  },
);
