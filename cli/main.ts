import type { CliCommand } from './command-table';
import { cliCommands } from './commands.gen';
import { parseCommandArguments, type CliRequest, type ReadText } from './arguments';
import { commandHelp, groupHelp, PROGRAM, programHelp } from './help';
import { errorText, summarize } from './output';
import { UsageError } from './usage-error';

/** What the command line touches outside itself: a seam for tests, the process's own in cli/social-posting.cjs. */
export interface CliIo {
  env: Record<string, string | undefined>;
  stdout(text: string): void;
  stderr(text: string): void;
  fetch: typeof fetch;
  readText: ReadText;
}

export const DEFAULT_URL = 'http://127.0.0.1:3000';
const EXIT = { done: 0, apiError: 1, usage: 2 } as const;

/** The command named by the first two arguments; a usage error names what exists instead. */
function findCommand(args: string[]): { command?: CliCommand; help?: string; rest: string[] } {
  const [group, verb, ...rest] = args;
  const inGroup = cliCommands.filter((command) => command.group === group);
  if (inGroup.length === 0) throw new UsageError(`unknown command "${group}"; run "${PROGRAM} --help" for the list`);
  if (verb === undefined || verb === '--help' || verb === '-h') return { help: groupHelp(group, inGroup), rest };
  const command = inGroup.find((one) => one.verb === verb);
  if (!command) throw new UsageError(`unknown command "${group} ${verb}"; ${group} has ${inGroup.map((one) => one.verb).join(', ')}`);
  return { command, rest };
}

function target(env: CliIo['env'], request: CliRequest): URL {
  const base = (env.SOCIAL_POSTING_URL?.trim() || DEFAULT_URL).replace(/\/+$/, '');
  let url: URL;
  try {
    url = new URL(`${base}${request.path}`);
  } catch {
    throw new UsageError(`SOCIAL_POSTING_URL is not a URL: ${base}`);
  }
  const query = request.query.toString();
  if (query) url.search = query;
  return url;
}

async function send(io: CliIo, request: CliRequest): Promise<number> {
  const key = io.env.SOCIAL_POSTING_API_KEY?.trim();
  if (!key) throw new UsageError('SOCIAL_POSTING_API_KEY is not set (an API key of the account, from the dashboard or POST /keys)');
  const url = target(io.env, request);
  const headers: Record<string, string> = { 'x-api-key': key, accept: 'application/json', 'user-agent': `${PROGRAM}-cli` };
  if (request.body !== undefined) headers['content-type'] = 'application/json';
  if (request.idempotencyKey !== undefined) headers['idempotency-key'] = request.idempotencyKey;
  let response: Response;
  try {
    response = await io.fetch(url, {
      method: request.method,
      headers,
      body: request.body === undefined ? undefined : JSON.stringify(request.body),
    });
  } catch (error) {
    const cause = (error as { cause?: { code?: string; message?: string } }).cause;
    io.stderr(`${PROGRAM}: cannot reach ${url.origin} (${cause?.code ?? cause?.message ?? (error as Error).message})\n`);
    return EXIT.apiError;
  }
  const text = await response.text();
  let body: unknown = undefined;
  if (text) {
    try {
      body = JSON.parse(text) as unknown;
    } catch {
      body = text;
    }
  }
  if (response.status >= 400) {
    io.stderr(`${errorText(response.status, body)}\n`);
    return EXIT.apiError;
  }
  if (request.json) {
    if (body !== undefined) io.stdout(`${typeof body === 'string' ? body : JSON.stringify(body, null, 2)}\n`);
  } else io.stdout(`${summarize(response.status, body)}\n`);
  return EXIT.done;
}

/**
 * `social-posting <group> <command> [arguments] [flags]` (docs/api.md, "Command line"): one command per
 * public operation, generated from the manifest (cli/commands.gen.ts). Resolves to the exit code: 0 done,
 * 1 an API error (printed `CODE: message`) or the service unreachable, 2 a usage error (nothing sent).
 */
export async function runCli(args: string[], io: CliIo): Promise<number> {
  try {
    if (args.length === 0 || args[0] === '--help' || args[0] === '-h' || args[0] === 'help') {
      (args.length === 0 ? io.stderr : io.stdout)(`${programHelp(cliCommands)}\n`);
      return args.length === 0 ? EXIT.usage : EXIT.done;
    }
    const found = findCommand(args);
    if (found.help !== undefined) {
      const asked = args[1] === '--help' || args[1] === '-h';
      (asked ? io.stdout : io.stderr)(`${found.help}\n`);
      return asked ? EXIT.done : EXIT.usage;
    }
    const command = found.command!;
    let request: CliRequest;
    try {
      request = parseCommandArguments(command, found.rest, io.readText);
    } catch (error) {
      if (error instanceof UsageError) error.message += `\nRun "${PROGRAM} ${command.group} ${command.verb} --help" for its flags.`;
      throw error;
    }
    if (request.help) {
      io.stdout(`${commandHelp(command)}\n`);
      return EXIT.done;
    }
    return await send(io, request);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    io.stderr(`${PROGRAM}: ${error.message}\n`);
    return EXIT.usage;
  }
}
