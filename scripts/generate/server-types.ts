/**
 * shared/domain/api-types.gen.ts: the response schemas (shared/api/schemas/) as TypeScript types, for the
 * server's own views (a post, the analytics answer...), so each shape is written once, as a schema,
 * and the types follow it. In the domain, the ground every layer may import: a leaf module of types
 * with no imports of its own. openapi-typescript over the document's components only: the paths are
 * the client's business (client/src/schema.gen.ts).
 */
export const SERVER_TYPES_FILE = 'shared/domain/api-types.gen.ts';

const NOTE = '// Generated from the response schemas (shared/api/schemas/) by `npm run generate` (scripts/generate.ts): do not edit.\n\n';

export async function renderServerTypes(documentText: string): Promise<string> {
  // openapi-typescript is an ES module; a dynamic import keeps this script loadable by tsx either way.
  const { default: openapiTS, astToString } = await import('openapi-typescript');
  const document = JSON.parse(documentText) as Record<string, unknown> & { components: Record<string, unknown> };
  const componentsOnly = { ...document, paths: {}, webhooks: {}, components: { schemas: document.components.schemas } };
  const ast = await openapiTS(componentsOnly as Parameters<typeof openapiTS>[0], { silent: true });
  return `${NOTE}${astToString(ast)}\n/** A response schema's type, by its component name. */\nexport type Resource<Name extends keyof components['schemas']> = components['schemas'][Name];\n`;
}
