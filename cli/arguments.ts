import { parseArgs } from 'node:util';
import type { CliCommand, CliFlag } from './command-table';
import { IDEMPOTENCY_FLAG, namesOf, resolveName } from './flag-names';
import { UsageError } from './usage-error';

/** The HTTP request a command line makes, before the base URL and the key are added. */
export interface CliRequest {
  method: CliCommand['method'];
  /** The path with its parameters filled in (each encoded). */
  path: string;
  query: URLSearchParams;
  /** The JSON body; undefined: none. */
  body?: unknown;
  idempotencyKey?: string;
  /** `--json`: print the answer's JSON as it came. */
  json: boolean;
  help: boolean;
}

/** Reads `@file` values (a seam for tests). */
export type ReadText = (path: string) => string;

/**
 * Spells each flag canonically as `--name=value`, so that parseArgs sees only names it was told of and
 * a value that looks like a flag (`--content --draft`) stays a value. `--no-<boolean>` is kept aside.
 */
function canonicalTokens(command: CliCommand, args: string[]): { tokens: string[]; negated: Set<string> } {
  const names = namesOf(command);
  const tokens: string[] = [];
  const negated = new Set<string>();
  for (let index = 0; index < args.length; index += 1) {
    const arg = args[index];
    if (arg === '--') {
      tokens.push(...args.slice(index));
      break;
    }
    if (!arg.startsWith('--')) {
      tokens.push(arg);
      continue;
    }
    const equals = arg.indexOf('=');
    const typed = equals === -1 ? arg.slice(2) : arg.slice(2, equals);
    const resolved = resolveName(names, typed);
    const name = resolved.flag?.flag ?? resolved.global!;
    const takesValue = resolved.flag ? resolved.flag.kind !== 'boolean' : !['json', 'help'].includes(name);
    if (!takesValue) {
      if (equals !== -1) throw new UsageError(`--${name} takes no value`);
      if (resolved.negated) negated.add(name);
      else tokens.push(`--${name}`);
      continue;
    }
    if (equals !== -1) tokens.push(`--${name}=${arg.slice(equals + 1)}`);
    else if (index + 1 < args.length) tokens.push(`--${name}=${args[(index += 1)]}`);
    else throw new UsageError(`--${name} needs a value`);
  }
  return { tokens, negated };
}

function jsonValue(text: string, what: string, readText: ReadText): unknown {
  let source = text;
  if (text.startsWith('@')) {
    try {
      source = readText(text.slice(1));
    } catch (error) {
      throw new UsageError(`${what}: cannot read ${text.slice(1)} (${(error as Error).message})`);
    }
  }
  try {
    return JSON.parse(source) as unknown;
  } catch {
    throw new UsageError(`${what} is not valid JSON`);
  }
}

function checkChoice(flag: CliFlag, value: string): string {
  if (flag.choices && !flag.choices.includes(value))
    throw new UsageError(`--${flag.flag} takes ${flag.choices.join(', ')}, not "${value}"`);
  return value;
}

/** The JSON value of a flag's text(s), by its kind. */
function valueOf(flag: CliFlag, texts: string[], readText: ReadText): unknown {
  if (flag.kind === 'string-list') return texts.map((text) => checkChoice(flag, text));
  if (texts.length > 1) throw new UsageError(`--${flag.flag} is given ${texts.length} times`);
  const [text] = texts;
  if (flag.nullable && text === 'null') return null;
  switch (flag.kind) {
    case 'string':
      return checkChoice(flag, text);
    case 'integer':
      if (!/^-?\d+$/.test(text)) throw new UsageError(`--${flag.flag} takes a whole number, not "${text}"`);
      return Number(text);
    case 'number':
      if (text.trim() === '' || !Number.isFinite(Number(text))) throw new UsageError(`--${flag.flag} takes a number, not "${text}"`);
      return Number(text);
    case 'json':
      return jsonValue(text, `--${flag.flag}`, readText);
    case 'boolean':
      return true;
  }
}

/**
 * A command's arguments (after its group and verb) as its HTTP request: path parameters from the
 * positional arguments in order, query and body fields from the flags, `--body` as the base of the body
 * (flags win over its fields), and every required field checked. Throws UsageError; sends nothing.
 */
export function parseCommandArguments(command: CliCommand, args: string[], readText: ReadText): CliRequest {
  const { tokens, negated } = canonicalTokens(command, args);
  const options: Record<string, { type: 'string' | 'boolean'; multiple?: boolean; short?: string }> = {
    json: { type: 'boolean' },
    help: { type: 'boolean', short: 'h' },
  };
  for (const [name, resolved] of namesOf(command)) {
    if (resolved.flag && name === resolved.flag.flag)
      options[name] = { type: resolved.flag.kind === 'boolean' ? 'boolean' : 'string', multiple: true };
    else if (resolved.global && !(name in options)) options[name] = { type: 'string', multiple: true };
  }
  let parsed: ReturnType<typeof parseArgs>;
  try {
    parsed = parseArgs({ args: tokens, options, allowPositionals: true, strict: true });
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  const values = parsed.values as Record<string, string[] | boolean[] | boolean | undefined>;
  const help = values.help === true;
  const request: CliRequest = {
    method: command.method,
    path: command.path,
    query: new URLSearchParams(),
    json: values.json === true,
    help,
  };
  if (help) return request;
  if (parsed.positionals.length !== command.positionals.length) {
    const expected = command.positionals.map((name) => `<${name}>`).join(' ') || 'no argument';
    throw new UsageError(`${command.group} ${command.verb} takes ${expected}, got ${parsed.positionals.length}`);
  }
  command.positionals.forEach((name, index) => {
    request.path = request.path.replace(`{${name}}`, encodeURIComponent(parsed.positionals[index]));
  });
  const single = (name: string): string | undefined => {
    const given = values[name] as string[] | undefined;
    if (given && given.length > 1) throw new UsageError(`--${name} is given ${given.length} times`);
    return given?.[0];
  };
  const bodyText = single('body') ?? single('body-json');
  const base = bodyText === undefined ? undefined : jsonValue(bodyText, '--body', readText);
  if (command.body === 'flat' && base !== undefined && (base === null || typeof base !== 'object' || Array.isArray(base)))
    throw new UsageError('--body must be a JSON object');
  const body: Record<string, unknown> = { ...((base as Record<string, unknown> | undefined) ?? {}) };
  for (const flag of command.flags) {
    const given = values[flag.flag] as string[] | boolean[] | undefined;
    let value: unknown;
    if (negated.has(flag.flag)) value = false;
    else if (given?.length) value = valueOf(flag, given.map(String), readText);
    if (value === undefined) {
      if (flag.required && !(flag.in === 'body' && flag.field in body)) throw new UsageError(`--${flag.flag} is required`);
      continue;
    }
    if (flag.in === 'query') request.query.set(flag.field, String(value));
    else body[flag.field] = value;
  }
  if (command.body === 'flat') request.body = body;
  else if (command.body === 'nested') request.body = base;
  if (command.idempotent) request.idempotencyKey = single(IDEMPOTENCY_FLAG);
  return request;
}
