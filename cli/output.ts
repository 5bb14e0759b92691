/**
 * What the command line prints: the answer's JSON (`--json`), a short summary for a person, and an
 * API error as `CODE: message` with its extra fields (docs/api.md, "Command line").
 */

const MAX_TEXT = 60;
const MAX_COLUMNS = 5;

const isRecord = (value: unknown): value is Record<string, unknown> => value !== null && typeof value === 'object' && !Array.isArray(value);

function shortText(value: unknown): string {
  const text = typeof value === 'string' ? value.replace(/\s+/g, ' ') : JSON.stringify(value);
  return text.length > MAX_TEXT ? `${text.slice(0, MAX_TEXT - 1)}…` : text;
}

const scalarEntries = (record: Record<string, unknown>): [string, unknown][] =>
  Object.entries(record).filter(([, value]) => value === null || typeof value !== 'object');

/** One line per item of a list: its scalar fields, id first. */
function listLines(items: unknown[]): string[] {
  return items.map((item) => {
    if (!isRecord(item)) return `  ${shortText(item)}`;
    const entries = scalarEntries(item).slice(0, MAX_COLUMNS);
    return `  ${entries.map(([key, value]) => (key === 'id' ? String(value) : `${key}=${shortText(value)}`)).join('  ')}`;
  });
}

/** A person's view of an answer: each top-level field, a resource's scalar fields, a list's items. */
export function summarize(status: number, body: unknown): string {
  if (body === undefined) return `done (HTTP ${status})`;
  if (!isRecord(body)) return shortText(body);
  const lines: string[] = [];
  for (const [key, value] of Object.entries(body)) {
    if (Array.isArray(value)) lines.push(`${key}: ${value.length}`, ...listLines(value));
    else if (isRecord(value)) {
      lines.push(`${key}:`);
      for (const [field, child] of Object.entries(value))
        lines.push(
          `  ${field}: ${Array.isArray(child) && child.every((one) => typeof one !== 'object') ? child.join(', ') : shortText(child)}`,
        );
    } else if (value !== null || key !== 'next_cursor') lines.push(`${key}: ${shortText(value)}`);
  }
  return lines.join('\n');
}

/** An API error body (`{error, message, ...extras}`) as `CODE: message` and one line per extra field. */
export function errorText(status: number, body: unknown): string {
  if (!isRecord(body) || typeof body.error !== 'string') return `HTTP ${status}: ${body === undefined ? 'no body' : shortText(body)}`;
  const { error, message, ...extras } = body;
  const extraLines = Object.entries(extras).map(([key, value]) => `  ${key}: ${typeof value === 'string' ? value : JSON.stringify(value)}`);
  return [`${error}: ${typeof message === 'string' ? message : ''}`.trim(), ...extraLines].join('\n');
}
