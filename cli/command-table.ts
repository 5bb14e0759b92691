/**
 * The command line's table: one command per public operation, generated from the OpenAPI document by
 * `npm run generate` (scripts/generate/cli-commands.ts) into cli/commands.gen.ts, never written by hand.
 * Plain data with no import, so the command line loads nothing of the service.
 */

/** How a flag's text becomes a JSON value. */
export type FlagKind =
  /** As given. */
  | 'string'
  /** A whole number (`--limit 5`). */
  | 'integer'
  | 'number'
  /** No value: `--draft` is true, `--no-draft` false. */
  | 'boolean'
  /** Repeatable: `--platform bluesky --platform linkedin` is `["bluesky", "linkedin"]`. */
  | 'string-list'
  /** JSON text (`--platform-content '{"bluesky": "…"}'`) or `@file`: objects and lists of objects. */
  | 'json';

export interface CliFlag {
  /** The field's name in the request (`scheduled_for`). */
  field: string;
  /** Its flag without dashes: the field in kebab-case (`scheduled-for`). */
  flag: string;
  /** Other names it answers to: the singular of a list (`--platform` for `platforms`). */
  aliases: string[];
  /** Where the value goes: the query string or the JSON body. */
  in: 'query' | 'body';
  kind: FlagKind;
  /** The field takes null: the value `null` sends it. */
  nullable: boolean;
  required: boolean;
  /** The values it takes, when the schema lists them (for lists: each item's). */
  choices?: string[];
  description: string;
}

export interface CliCommand {
  /** The first segment of the path: `posts`, `queue`, `webhooks`. */
  group: string;
  /** The operation id without the group's noun, in kebab-case: `create`, `list-deliveries`. */
  verb: string;
  /** The operation's id in the OpenAPI document (`createPost`). */
  operationId: string;
  summary: string;
  description: string;
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  path: string;
  /** The least key scope (the document's `x-required-scope`). */
  scope: string;
  /** The path's parameters, in order: the command's positional arguments. */
  positionals: string[];
  flags: CliFlag[];
  /**
   * `flat`: the body is built from the flags (and `--body`); `nested`: the body is `--body` only;
   * `none`: no body.
   */
  body: 'flat' | 'nested' | 'none';
  /** The operation honours `idempotency-key`: the command takes `--idempotency-key`. */
  idempotent: boolean;
}
