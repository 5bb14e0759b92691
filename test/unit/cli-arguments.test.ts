import { parseCommandArguments } from '../../cli/arguments';
import { cliCommands } from '../../cli/commands.gen';
import { UsageError } from '../../cli/usage-error';

/** A command's arguments as its HTTP request (cli/arguments.ts): nothing here is sent. */
const command = (name: string) => cliCommands.find((one) => `${one.group} ${one.verb}` === name)!;
const files: Record<string, string> = { 'post.json': '{"content": "From a file", "platforms": ["linkedin"], "draft": true}' };
const readText = (path: string) => {
  if (!(path in files)) throw new Error('ENOENT');
  return files[path];
};
const parse = (name: string, args: string[]) => parseCommandArguments(command(name), args, readText);
const usageError = (name: string, args: string[]): string => {
  try {
    parse(name, args);
  } catch (error) {
    if (error instanceof UsageError) return error.message;
    throw error;
  }
  throw new Error(`no usage error for ${name} ${args.join(' ')}`);
};

describe('command line arguments (cli/arguments.ts)', () => {
  it('maps flags to the JSON body: repeatable lists by their singular, booleans, a prefix of one flag, null', () => {
    const request = parse('posts create', [
      '--content',
      'Hello --draft',
      '--platform',
      'bluesky',
      '--platform=linkedin',
      '--schedule',
      '2026-12-01T10:00:00Z',
      '--draft',
      '--no-link-preview',
      '--first-comment',
      'null',
      '--idempotency-key',
      'k-1',
    ]);
    expect(request).toMatchObject({
      method: 'POST',
      path: '/posts',
      body: {
        content: 'Hello --draft',
        platforms: ['bluesky', 'linkedin'],
        scheduled_for: '2026-12-01T10:00:00Z',
        draft: true,
        link_preview: false,
        first_comment: null,
      },
      idempotencyKey: 'k-1',
      json: false,
    });
  });

  it('puts path parameters in the path (encoded) and query flags in the query, with numbers as given', () => {
    const get = parse('posts get', ['a/b c', '--json']);
    expect([get.method, get.path, get.body, get.json]).toEqual(['GET', '/posts/a%2Fb%20c', undefined, true]);
    const list = parse('posts list', ['--status', 'draft', '--limit', '5']);
    expect([list.query.toString(), list.body]).toEqual(['status=draft&limit=5', undefined]);
    expect(parse('posts schedule', ['P1']).body).toEqual({});
  });

  it('takes --body (JSON or @file) as the base of the body, the flags overriding its fields', () => {
    expect(parse('posts create', ['--body', '@post.json', '--no-draft']).body).toEqual({
      content: 'From a file',
      platforms: ['linkedin'],
      draft: false,
    });
    expect(parse('queue put', ['--body-json', '{"timezone":"UTC","slots":[]}']).body).toEqual({ timezone: 'UTC', slots: [] });
    expect(parse('queue put', ['--timezone', 'UTC', '--slots', '[{"day":"mon","time":"09:00"}]']).body).toEqual({
      timezone: 'UTC',
      slots: [{ day: 'mon', time: '09:00' }],
    });
  });

  it('refuses what the schema refuses before anything is sent, naming the flag', () => {
    expect(usageError('posts create', ['--platform', 'bluesky'])).toBe('--content is required');
    expect(usageError('posts create', ['--content', 'x', '--platform', 'mastodon'])).toBe(
      '--platforms takes linkedin, bluesky, not "mastodon"',
    );
    expect(usageError('posts list', ['--limit', 'five'])).toBe('--limit takes a whole number, not "five"');
    expect(usageError('posts list', ['--colour', 'red'])).toBe('unknown option --colour');
    expect(usageError('posts create', ['--platform-'])).toMatch(
      /^--platform- is ambiguous: --platform-content, --platform-first-comment, --platform-options$/,
    );
    expect(usageError('posts create', ['--content', 'a', '--content', 'b', '--platform', 'bluesky'])).toBe('--content is given 2 times');
    expect(usageError('posts create', ['--content'])).toBe('--content needs a value');
    expect(usageError('posts get', [])).toBe('posts get takes <id>, got 0');
    expect(usageError('posts create', ['--body', '[1]'])).toBe('--body must be a JSON object');
    expect(usageError('posts create', ['--body', '@missing.json'])).toMatch(/^--body: cannot read missing.json/);
    expect(usageError('queue put', ['--timezone', 'UTC', '--slots', '{oops'])).toBe('--slots is not valid JSON');
    expect(usageError('posts get', ['P1', '--idempotency-key', 'k'])).toBe('unknown option --idempotency-key');
    expect(usageError('posts list', ['--json=yes'])).toBe('--json takes no value');
  });

  it('answers --help without checking the rest', () => {
    expect(parse('posts create', ['--help']).help).toBe(true);
    expect(parse('posts get', ['-h']).help).toBe(true);
  });
});
