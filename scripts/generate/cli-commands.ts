import type { CliCommand, CliFlag, FlagKind } from '../../cli/command-table';
import { buildMcpTools } from '../mcp-tools/build-tools';
import { IDEMPOTENCY_ARGUMENT } from '#shared/mcp/tool-names';

/**
 * cli/commands.gen.ts: the command line's commands, from the OpenAPI document built in memory from the
 * manifest, by way of the MCP tools (scripts/mcp-tools/build-tools.ts), so the command line and the MCP
 * server offer the same operations with the same inputs (docs/decisions/0231-a-command-line-from-the-manifest.md).
 * Names: the group is the path's first segment (`/posts/{id}/retry` → `posts`), the verb the operation id
 * without the words of the group's noun (`retryPost` → `retry`, `listWebhookDeliveries` → `list-deliveries`).
 */
export const CLI_COMMANDS_FILE = 'cli/commands.gen.ts';
const NOTE = '// Generated from the operation manifest by `npm run generate` (scripts/generate/cli-commands.ts): do not edit.\n';

type Node = { [key: string]: unknown };

const kebab = (field: string): string => field.replace(/_/g, '-');
const typesOf = (schema: Node): string[] => (Array.isArray(schema.type) ? (schema.type as string[]) : [String(schema.type)]);

/** The noun's forms a verb drops: `posts` → posts, post; `media` → media; `queue` → queue, queues. */
function nounForms(group: string): Set<string> {
  const singular = group.endsWith('s') ? group.slice(0, -1) : group;
  return new Set([group, singular, `${singular}s`]);
}

/** The verb: the operation id's words (`list_webhook_deliveries`) without the group's noun. */
export function verbOf(group: string, toolName: string): string {
  const forms = nounForms(group);
  const words = toolName.split('_').filter((word) => !forms.has(word));
  if (words.length === 0) throw new Error(`generate-cli: the operation ${toolName} leaves no verb in group ${group}`);
  return words.join('-');
}

function kindOf(schema: Node): { kind: FlagKind; choices?: string[] } {
  const types = typesOf(schema).filter((type) => type !== 'null');
  if (types.length !== 1) return { kind: 'json' };
  const [type] = types;
  const choices = Array.isArray(schema.enum) ? (schema.enum as unknown[]).filter((value) => value !== null).map(String) : undefined;
  if (type === 'string') return { kind: 'string', ...(choices ? { choices } : {}) };
  if (type === 'integer' || type === 'number' || type === 'boolean') return { kind: type };
  const items = schema.items as Node | undefined;
  if (type === 'array' && items && typesOf(items).join() === 'string') {
    const itemChoices = Array.isArray(items.enum) ? (items.enum as unknown[]).map(String) : undefined;
    return { kind: 'string-list', ...(itemChoices ? { choices: itemChoices } : {}) };
  }
  return { kind: 'json' };
}

/** One line: the description's first paragraph, whitespace folded. */
const oneLine = (text: unknown): string => (typeof text === 'string' ? text.split('\n\n')[0].replace(/\s+/g, ' ').trim() : '');

export function buildCliCommands(document: Node): CliCommand[] {
  const commands = buildMcpTools(document).map((tool): CliCommand => {
    const group = tool.path.split('/')[1];
    const properties = (tool.inputSchema.properties ?? {}) as Record<string, Node>;
    const required = new Set((tool.inputSchema.required as string[] | undefined) ?? []);
    const skip = new Set([...tool.pathParameters, IDEMPOTENCY_ARGUMENT, ...(tool.body === 'nested' ? ['body'] : [])]);
    const flags: CliFlag[] = Object.entries(properties)
      .filter(([field]) => !skip.has(field))
      .map(([field, schema]) => ({
        field,
        flag: kebab(field),
        aliases: [],
        in: tool.queryParameters.includes(field) ? 'query' : 'body',
        ...kindOf(schema),
        nullable: typesOf(schema).includes('null'),
        required: required.has(field),
        description: oneLine(schema.description),
      }));
    // A list takes its singular too (`--platform` for `platforms`), unless another flag has that name.
    const taken = new Set(flags.map((flag) => flag.flag));
    for (const flag of flags) {
      const singular = flag.flag.replace(/s$/, '');
      if (flag.kind === 'string-list' && singular !== flag.flag && !taken.has(singular)) {
        flag.aliases.push(singular);
        taken.add(singular);
      }
    }
    return {
      group,
      verb: verbOf(group, tool.name),
      operationId: tool.name.replace(/_([a-z])/g, (_, letter: string) => letter.toUpperCase()),
      summary: tool.title,
      description: oneLine(tool.description.split('\n\n')[1] ?? ''),
      method: tool.method,
      path: tool.path,
      scope: tool.scope,
      positionals: tool.pathParameters,
      flags,
      body: tool.body,
      idempotent: tool.idempotent,
    };
  });
  const names = commands.map((command) => `${command.group} ${command.verb}`);
  const duplicate = names.find((name, index) => names.indexOf(name) !== index);
  if (duplicate) throw new Error(`generate-cli: two operations make the command "${duplicate}"`);
  return commands.sort((a, b) => `${a.group} ${a.verb}`.localeCompare(`${b.group} ${b.verb}`));
}

export function renderCliCommands(documentText: string): string {
  const commands = buildCliCommands(JSON.parse(documentText) as Node);
  return [
    NOTE,
    "import type { CliCommand } from './command-table';",
    '',
    `export const cliCommands: readonly CliCommand[] = ${JSON.stringify(commands, null, 2)};`,
    '',
  ].join('\n');
}
