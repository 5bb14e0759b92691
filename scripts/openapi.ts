import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildOpenApiDocument, renderOpenApiDocument } from './openapi/generator';

/**
 * `npm run openapi`: writes docs/openapi.json from the route table, the endpoints' schemas
 * and the error catalog. A test fails while the committed file differs from a fresh build.
 */
const target = join(__dirname, '..', 'docs', 'openapi.json');
writeFileSync(target, renderOpenApiDocument(buildOpenApiDocument()));
process.stdout.write(`wrote ${target}\n`);
