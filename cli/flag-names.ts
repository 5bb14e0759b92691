import type { CliCommand, CliFlag } from './command-table';
import { UsageError } from './usage-error';

/** The flags every command takes, beside its own; `body` and `idempotency-key` only where they apply. */
export const GLOBAL_FLAGS = ['json', 'help'] as const;
export const BODY_FLAGS = ['body', 'body-json'] as const;
export const IDEMPOTENCY_FLAG = 'idempotency-key';

/** A flag as typed, resolved: the command's flag (or a global one by its name), and whether it was `--no-…`. */
export interface ResolvedName {
  flag?: CliFlag;
  global?: string;
  negated: boolean;
}

/** Every name a command takes: its flags' names and aliases, and the global flags that apply to it. */
export function namesOf(command: CliCommand): Map<string, ResolvedName> {
  const names = new Map<string, ResolvedName>();
  for (const global of GLOBAL_FLAGS) names.set(global, { global, negated: false });
  if (command.body !== 'none') for (const global of BODY_FLAGS) names.set(global, { global, negated: false });
  if (command.idempotent) names.set(IDEMPOTENCY_FLAG, { global: IDEMPOTENCY_FLAG, negated: false });
  for (const flag of command.flags) for (const name of [flag.flag, ...flag.aliases]) names.set(name, { flag, negated: false });
  return names;
}

/**
 * The flag a typed name means (docs/decisions/0231-a-command-line-from-the-manifest.md): its exact name or
 * alias; `no-<name>` of a boolean flag; else a prefix of exactly one name, as GNU getopt_long allows
 * (`--schedule` for `--scheduled-for`). An ambiguous or unknown name is a usage error.
 */
export function resolveName(names: Map<string, ResolvedName>, typed: string): ResolvedName {
  const exact = names.get(typed);
  if (exact) return exact;
  if (typed.startsWith('no-')) {
    const positive = names.get(typed.slice(3));
    if (positive?.flag?.kind === 'boolean') return { ...positive, negated: true };
  }
  const matches = [...names.keys()].filter((name) => name.startsWith(typed));
  const meant = new Map(matches.map((name) => [names.get(name)!.flag ?? names.get(name)!.global, names.get(name)!]));
  if (meant.size === 1) return [...meant.values()][0];
  if (meant.size > 1) throw new UsageError(`--${typed} is ambiguous: ${matches.map((name) => `--${name}`).join(', ')}`);
  throw new UsageError(`unknown option --${typed}`);
}
