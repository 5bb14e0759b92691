import type { CliCommand, CliFlag } from './command-table';

export const PROGRAM = 'social-posting';

const SETTINGS = [
  'Settings:',
  '  SOCIAL_POSTING_API_KEY   the API key (required)',
  '  SOCIAL_POSTING_URL       the service, default http://127.0.0.1:3000',
  '',
  'Every command takes --json (print the answer as JSON) and --help.',
  'Exit codes: 0 done, 1 the API answered an error (printed as CODE: message) or could not be reached, 2 a usage error.',
];

const table = (rows: [string, string][]): string[] => {
  const width = Math.max(0, ...rows.map(([left]) => left.length));
  return rows.map(([left, right]) => `  ${left.padEnd(width)}  ${right}`.trimEnd());
};

/** Every command, by group. */
export function programHelp(commands: readonly CliCommand[]): string {
  return [
    `Usage: ${PROGRAM} <group> <command> [arguments] [flags]`,
    '',
    'Commands (one per operation of the HTTP API, docs/api.md):',
    ...table(commands.map((command) => [`${command.group} ${command.verb}${usageArguments(command)}`, command.summary])),
    '',
    ...SETTINGS,
  ].join('\n');
}

/** The commands of one group. */
export function groupHelp(group: string, commands: readonly CliCommand[]): string {
  return [
    `Usage: ${PROGRAM} ${group} <command> [arguments] [flags]`,
    '',
    ...table(commands.map((command) => [`${command.verb}${usageArguments(command)}`, command.summary])),
    '',
    `Run "${PROGRAM} ${group} <command> --help" for its flags.`,
  ].join('\n');
}

const usageArguments = (command: CliCommand): string => command.positionals.map((name) => ` <${name}>`).join('');

function placeholder(flag: CliFlag): string {
  switch (flag.kind) {
    case 'boolean':
      return '';
    case 'integer':
    case 'number':
      return ' <n>';
    case 'json':
      return ' <json|@file>';
    case 'string':
    case 'string-list':
      return flag.choices ? ` <${flag.choices.join('|')}>` : ' <text>';
  }
}

function flagNotes(flag: CliFlag): string {
  const notes = [
    flag.required ? 'required' : '',
    flag.kind === 'string-list' ? 'repeatable' : '',
    flag.kind === 'boolean' ? `--no-${flag.flag} for false` : '',
    flag.nullable ? '"null" clears it' : '',
    flag.aliases.length ? `also --${flag.aliases.join(', --')}` : '',
  ].filter(Boolean);
  return notes.length ? ` (${notes.join('; ')})` : '';
}

/** One command: its usage, what it does, the HTTP call behind it and every flag from its schema. */
export function commandHelp(command: CliCommand): string {
  const rows: [string, string][] = command.flags.map((flag) => [
    `--${flag.flag}${placeholder(flag)}`,
    `${flag.description}${flagNotes(flag)}`,
  ]);
  if (command.body !== 'none')
    rows.push([
      '--body <json|@file>',
      command.body === 'flat' ? 'the request body as JSON; the flags above override its fields' : 'the request body as JSON',
    ]);
  if (command.idempotent)
    rows.push(['--idempotency-key <text>', 'the same key within 24 h replays the first answer instead of acting twice']);
  rows.push(['--json', 'print the answer as JSON'], ['--help', 'this text']);
  return [
    `Usage: ${PROGRAM} ${command.group} ${command.verb}${usageArguments(command)} [flags]`,
    '',
    `${command.summary}. ${command.description}`.trim(),
    '',
    `HTTP: ${command.method} ${command.path} (key scope ${command.scope} or above)`,
    '',
    'Flags:',
    ...table(rows),
  ].join('\n');
}
