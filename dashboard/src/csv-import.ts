/**
 * The CSV import (docs/api.md, "Bulk creation"): a file with a header row naming the columns
 * `content`, `platforms` (names separated by `|`), and optionally `scheduled_for` or `queue`, read
 * in the browser into POST /posts bodies, one per row. RFC 4180 quoting: a field in double quotes
 * may hold commas, line breaks and `""` for a quote. Problems of the file itself (no header, an
 * unknown column, an unclosed quote) stop the import; problems of a row are that row's error.
 */
export const CSV_COLUMNS = ['content', 'platforms', 'scheduled_for', 'queue'] as const;
export const MAX_CSV_ROWS = 100;

export interface CsvRow {
  /** The line the row starts on in the file (the header is line 1). */
  line: number;
  /** The POST /posts body the row stands for. */
  body: Record<string, unknown>;
  /** A problem found while reading the row (before asking the API). */
  error?: string;
}

export type CsvImport = { rows: CsvRow[] } | { error: string };

/** Splits CSV text into records of fields, each with the line it starts on. */
export function parseCsvRecords(text: string): { records: Array<{ line: number; fields: string[] }> } | { error: string } {
  const records: Array<{ line: number; fields: string[] }> = [];
  let fields: string[] = [];
  let field = '';
  let quoted = false;
  let line = 1;
  let recordLine = 1;
  let atFieldStart = true;
  const input = text.replace(/^\uFEFF/, '');
  const endRecord = () => {
    fields.push(field);
    if (!(fields.length === 1 && fields[0].trim() === '')) records.push({ line: recordLine, fields });
    fields = [];
    field = '';
    atFieldStart = true;
  };
  for (let index = 0; index < input.length; index++) {
    const char = input[index];
    if (quoted) {
      if (char === '"' && input[index + 1] === '"') {
        field += '"';
        index++;
      } else if (char === '"') quoted = false;
      else {
        if (char === '\n') line++;
        field += char;
      }
      continue;
    }
    if (char === '"' && atFieldStart) {
      quoted = true;
      atFieldStart = false;
    } else if (char === ',') {
      fields.push(field);
      field = '';
      atFieldStart = true;
    } else if (char === '\n' || char === '\r') {
      if (char === '\r' && input[index + 1] === '\n') index++;
      endRecord();
      line++;
      recordLine = line;
    } else {
      field += char;
      atFieldStart = false;
    }
  }
  if (quoted) return { error: `A quoted field opened on line ${recordLine} is never closed.` };
  if (field !== '' || fields.length) endRecord();
  return { records };
}

const TRUE_WORDS = new Set(['true', 'yes', '1', 'y', 'x']);
const FALSE_WORDS = new Set(['', 'false', 'no', '0', 'n']);
/** A time with a zone (Z or ±hh:mm) is sent as written; one without is the browser's local time. */
const HAS_ZONE = /(Z|[+-]\d{2}:?\d{2})$/i;
const LOCAL_TIME = /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(:\d{2})?$/;

function scheduledFor(value: string): string {
  const trimmed = value.trim();
  if (HAS_ZONE.test(trimmed) || !LOCAL_TIME.test(trimmed)) return trimmed;
  const date = new Date(trimmed.replace(' ', 'T'));
  return Number.isNaN(date.getTime()) ? trimmed : date.toISOString();
}

/** The rows of a CSV file as POST /posts bodies, or what is wrong with the file. */
export function readCsvImport(text: string): CsvImport {
  const parsed = parseCsvRecords(text);
  if ('error' in parsed) return parsed;
  const [header, ...records] = parsed.records;
  if (!header) return { error: 'The file is empty: it needs a header row (content,platforms,scheduled_for) and one row per post.' };
  const names = header.fields.map((name) => name.trim().toLowerCase());
  const unknown = names.find((name) => !(CSV_COLUMNS as readonly string[]).includes(name));
  if (unknown !== undefined) return { error: `Unknown column "${unknown}": the columns are ${CSV_COLUMNS.join(', ')}.` };
  for (const required of ['content', 'platforms']) {
    if (!names.includes(required)) return { error: `The header row has no "${required}" column.` };
  }
  if (!records.length) return { error: 'The file has a header row but no posts.' };
  if (records.length > MAX_CSV_ROWS) return { error: `The file has ${records.length} posts; one import takes at most ${MAX_CSV_ROWS}.` };
  const rows = records.map(({ line, fields }): CsvRow => {
    const cell = (name: string) => {
      const at = names.indexOf(name);
      return at === -1 ? '' : (fields[at] ?? '');
    };
    if (fields.length > names.length)
      return { line, body: {}, error: `This row has ${fields.length} fields; the header has ${names.length}.` };
    const body: Record<string, unknown> = {
      content: cell('content'),
      platforms: cell('platforms')
        .split('|')
        .map((platform) => platform.trim().toLowerCase())
        .filter(Boolean),
    };
    const when = cell('scheduled_for').trim();
    if (when) body.scheduled_for = scheduledFor(when);
    const queue = cell('queue').trim().toLowerCase();
    if (TRUE_WORDS.has(queue)) body.queue = true;
    else if (!FALSE_WORDS.has(queue)) return { line, body, error: `queue must be true or false, not "${cell('queue')}".` };
    return { line, body };
  });
  return { rows };
}
