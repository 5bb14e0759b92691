import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { cliCommands } from '../../cli/commands.gen';
import { routes } from '#shared/http/routes';
import { buildCliCommands, renderCliCommands, verbOf } from '../../scripts/generate/cli-commands';

/**
 * The command line's table (cli/commands.gen.ts) is generated from the OpenAPI document
 * (scripts/generate/cli-commands.ts, run by `npm run generate`): it must match the committed
 * docs/openapi.json, hold one command per public API-key operation, and name each by the rule of
 * docs/decisions/0231-a-command-line-from-the-manifest.md.
 */
const ROOT = join(__dirname, '..', '..');
const committedDocument = readFileSync(join(ROOT, 'docs', 'openapi.json'), 'utf8');
const byName = new Map(cliCommands.map((command) => [`${command.group} ${command.verb}`, command]));

describe('cli/commands.gen.ts', () => {
  it('is what docs/openapi.json makes: a changed operation without `npm run generate` fails here', () => {
    expect(readFileSync(join(ROOT, 'cli', 'commands.gen.ts'), 'utf8')).toBe(renderCliCommands(committedDocument));
  });

  it('holds one command per public API-key route (not POST /mcp), with its method, path and scope', () => {
    const expected = routes
      .filter((route) => route.auth === 'api-key' && route.operation !== 'mcp')
      .map((route) => `${route.method} ${route.path} ${route.scope}`)
      .sort();
    expect(cliCommands.map((command) => `${command.method} ${command.path} ${command.scope}`).sort()).toEqual(expected);
  });

  it('names commands by group (the first path segment) and the operation id without the group noun', () => {
    for (const [name, route] of [
      ['posts create', 'POST /posts'],
      ['posts list', 'GET /posts'],
      ['posts get', 'GET /posts/{id}'],
      ['posts create-batch', 'POST /posts/batch'],
      ['posts refresh-metrics', 'POST /posts/{id}/metrics/refresh'],
      ['queue get', 'GET /queue'],
      ['keys create', 'POST /keys'],
      ['webhooks list-deliveries', 'GET /webhooks/{id}/deliveries'],
      ['profiles set-author', 'PUT /profiles/{id}/author'],
    ] as const)
      expect(`${name}: ${byName.get(name)?.method} ${byName.get(name)?.path}`).toBe(`${name}: ${route}`);
    expect(verbOf('media', 'complete_media')).toBe('complete');
    expect(() => verbOf('posts', 'posts')).toThrow(/no verb/);
  });

  it('derives flags from the body and query schemas: kinds, required, choices, list singulars, positionals', () => {
    const create = byName.get('posts create')!;
    const flag = (name: string) => create.flags.find((one) => one.flag === name);
    expect(flag('platforms')).toMatchObject({
      kind: 'string-list',
      aliases: ['platform'],
      required: true,
      choices: ['linkedin', 'bluesky'],
    });
    expect(flag('scheduled-for')).toMatchObject({ field: 'scheduled_for', kind: 'string', nullable: true, in: 'body' });
    expect(flag('draft')?.kind).toBe('boolean');
    expect(flag('platform-content')?.kind).toBe('json');
    expect(create).toMatchObject({ body: 'flat', idempotent: true, positionals: [] });
    expect(byName.get('posts list')?.flags.find((one) => one.flag === 'limit')).toMatchObject({ kind: 'integer', in: 'query' });
    expect(byName.get('posts get')).toMatchObject({ positionals: ['id'], body: 'none', flags: [] });
  });

  it('makes a command of an operation added to the document, and refuses two operations with one name', () => {
    const document = JSON.parse(committedDocument) as { paths: Record<string, Record<string, unknown>> };
    document.paths['/posts/{id}/pin'] = {
      post: {
        operationId: 'pinPost',
        summary: 'Pin a post',
        description: 'Pins it.',
        'x-required-scope': 'write',
        parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }],
      },
    };
    expect(buildCliCommands(document).find((command) => command.operationId === 'pinPost')).toMatchObject({
      group: 'posts',
      verb: 'pin',
      positionals: ['id'],
    });
    document.paths['/posts/{id}/pin2'] = { post: { ...(document.paths['/posts/{id}/pin'].post as object), operationId: 'pinPosts' } };
    expect(() => buildCliCommands(document)).toThrow(/two operations make the command "posts pin"/);
  });
});
