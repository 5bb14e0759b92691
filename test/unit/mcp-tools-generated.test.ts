import { routes } from '#shared/http/routes';
import { mcpTools } from '#shared/mcp/tools.gen';
import { toolRequestEvent, unknownArgument } from '#shared/mcp/tool-request';
import { buildMcpTools } from '../../scripts/mcp-tools/build-tools';
import { renderMcpFiles } from '../../scripts/generate-mcp-tools';
import { buildOpenApiDocument, renderOpenApiDocument } from '../../scripts/openapi/generator';

/**
 * The MCP tools are generated from the OpenAPI document (scripts/generate-mcp-tools.ts, run by
 * `npm run generate`; `npm run lint:generated` fails while the committed files differ): every
 * public API-key operation of the route table is a tool and nothing else is, and an operation
 * added to the document becomes a tool with no other change.
 */
const documentText = renderOpenApiDocument(buildOpenApiDocument());
const toolName = (operation: string) => operation.replace(/-/g, '_');

describe('shared/mcp/tools.gen.ts and functions/mcp/handlers.gen.ts', () => {
  it('hold one tool per public API-key route, with its method, path and least scope, and no dashboard or MCP route', () => {
    const expected = routes
      .filter((route) => route.auth === 'api-key' && route.operation !== 'mcp')
      .map((route) => `${toolName(route.operation)} ${route.operation} ${route.method} ${route.path} ${route.scope}`)
      .sort();
    expect(mcpTools.map((tool) => `${tool.name} ${tool.operation} ${tool.method} ${tool.path} ${tool.scope}`).sort()).toEqual(expected);
  });

  it('annotate reads as read-only, DELETE as destructive and idempotent, and give idempotent operations idempotency_key', () => {
    const byName = new Map(mcpTools.map((tool) => [tool.name, tool]));
    expect(byName.get('preview_post')?.annotations).toMatchObject({ readOnlyHint: true, destructiveHint: false, idempotentHint: true });
    expect(byName.get('list_posts')?.annotations.readOnlyHint).toBe(true);
    expect(byName.get('delete_webhook')?.annotations).toMatchObject({ readOnlyHint: false, destructiveHint: true, idempotentHint: true });
    expect(byName.get('edit_post')?.annotations).toMatchObject({ readOnlyHint: false, destructiveHint: true, idempotentHint: false });
    expect(byName.get('set_profile_author')?.annotations).toMatchObject({ destructiveHint: true, idempotentHint: true });
    for (const tool of mcpTools) {
      expect({ [tool.name]: 'idempotency_key' in (tool.inputSchema.properties as object) }).toEqual({ [tool.name]: tool.idempotent });
      expect({ [tool.name]: JSON.stringify(tool.inputSchema).match(/"x-[a-z-]+"|"\$ref"/g) }).toEqual({ [tool.name]: null });
    }
    expect(byName.get('create_post')?.idempotent).toBe(true);
    expect(byName.get('preview_post')?.idempotent).toBe(false);
  });
});

describe('the generator (scripts/mcp-tools/build-tools.ts)', () => {
  const document = JSON.parse(documentText) as { paths: Record<string, Record<string, Record<string, unknown>>> };

  it('makes a tool of an operation added to the document, with no other change', () => {
    const added = structuredClone(document);
    added.paths['/posts/{id}/schedule'] = {
      post: {
        operationId: 'schedulePost',
        summary: 'Schedule a draft',
        description: 'Turns a draft into a post.',
        'x-required-scope': 'write',
        parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string', format: 'uuid' } }],
        requestBody: {
          required: false,
          content: { 'application/json': { schema: { type: 'object', properties: { scheduled_for: { type: ['string', 'null'] } } } } },
        },
      },
    };
    const tool = buildMcpTools(added).find((one) => one.name === 'schedule_post');
    expect(tool).toMatchObject({
      operation: 'schedule-post',
      method: 'POST',
      scope: 'write',
      body: 'flat',
      pathParameters: ['id'],
      annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false },
      inputSchema: { required: ['id'], properties: { id: { format: 'uuid' }, scheduled_for: { type: ['string', 'null'] } } },
    });
    expect(renderMcpFiles(JSON.stringify(added)).handlers).toContain(
      `'schedule-post': async () => (await import('#functions/schedule-post/handler')).handler`,
    );
  });

  it('nests a body whose field would clash with a parameter, and leaves out POST /mcp and routes without a key scope', () => {
    const clashing = structuredClone(document);
    const edit = clashing.paths['/posts/{id}'].patch as { requestBody: { content: Record<string, { schema: { properties: object } }> } };
    edit.requestBody.content['application/json'].schema.properties = { id: { type: 'string' } };
    const tools = buildMcpTools(clashing);
    expect(tools.find((tool) => tool.name === 'edit_post')).toMatchObject({
      body: 'nested',
      inputSchema: { properties: { body: { type: 'object' } } },
    });
    expect(tools.map((tool) => tool.name)).not.toEqual(expect.arrayContaining(['mcp', 'linkedin_callback', 'dashboard_list_posts']));
  });
});

describe('a tool call as the HTTP request of its route (shared/mcp/tool-request.ts)', () => {
  const caller = { requestId: 'req-1', sourceIp: '192.0.2.1', userAgent: 'agent/1', host: 'api.example.com' };
  const tool = (name: string) => mcpTools.find((one) => one.name === name)!;

  it('puts path parameters in the path, query parameters in the query, the rest in the JSON body, and the key and idempotency-key in headers', () => {
    const event = toolRequestEvent(tool('edit_post'), { id: 'ABC', content: 'New', idempotency_key: 'k-1' }, caller, new Date(0));
    expect(event).toMatchObject({
      routeKey: 'PATCH /posts/{id}',
      rawPath: '/posts/ABC',
      pathParameters: { id: 'ABC' },
      body: '{"content":"New"}',
      headers: { 'content-type': 'application/json', 'idempotency-key': 'k-1' },
      requestContext: { requestId: 'req-1', http: { method: 'PATCH', path: '/posts/ABC', sourceIp: '192.0.2.1' } },
    });
    const listed = toolRequestEvent(tool('list_posts'), { status: 'scheduled', limit: 5 }, caller);
    expect([listed.rawQueryString, listed.queryStringParameters, listed.body, listed.headers['content-type']]).toEqual([
      'status=scheduled&limit=5',
      { status: 'scheduled', limit: '5' },
      undefined,
      undefined,
    ]);
  });

  it('refuses an argument a body-less tool does not take; a tool with a body leaves that to its validation', () => {
    expect(unknownArgument(tool('get_usage'), { month: '2026-11' })).toBe('month');
    expect(unknownArgument(tool('get_post'), { id: 'x' })).toBeUndefined();
    expect(unknownArgument(tool('create_post'), { anything: 1 })).toBeUndefined();
  });
});
