/** Plain tables: padded text for the terminal, pipes for markdown. */
export type Row = (string | number)[];

const cell = (value: string | number) => (typeof value === 'number' ? formatNumber(value) : value);

export function formatNumber(value: number): string {
  if (!Number.isFinite(value)) return '–';
  if (Number.isInteger(value)) return String(value);
  if (Math.abs(value) >= 99.95) return value.toFixed(0);
  if (Math.abs(value) >= 9.995) return value.toFixed(1);
  return value.toFixed(2);
}

export function textTable(headers: string[], rows: Row[]): string {
  const cells = [headers, ...rows.map((row) => row.map(cell))];
  const widths = headers.map((_, column) => Math.max(...cells.map((row) => String(row[column] ?? '').length)));
  const line = (row: (string | number)[]) =>
    row
      .map((value, column) => String(value).padEnd(widths[column]))
      .join('  ')
      .trimEnd();
  return [line(cells[0]), widths.map((width) => '-'.repeat(width)).join('  '), ...cells.slice(1).map(line)].join('\n');
}

export function markdownTable(headers: string[], rows: Row[]): string {
  const escape = (value: string | number) => String(cell(value)).replace(/\|/g, '\\|');
  return [
    `| ${headers.join(' | ')} |`,
    `|${headers.map(() => '---').join('|')}|`,
    ...rows.map((row) => `| ${row.map(escape).join(' | ')} |`),
  ].join('\n');
}
