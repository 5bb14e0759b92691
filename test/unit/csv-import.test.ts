import { parseCsvRecords, readCsvImport } from '../../dashboard/src/csv-import';

/** The dashboard's CSV reading (docs/api.md, "Bulk creation"): RFC 4180 quoting, columns, per-row problems. */
describe('CSV import', () => {
  it('reads quoted fields with commas, line breaks and doubled quotes, CRLF or LF, and a BOM', () => {
    const parsed = parseCsvRecords('\uFEFFa,b\r\n"x, y","line 1\nline ""2"""\n\nlast,\n');
    expect(parsed).toEqual({
      records: [
        { line: 1, fields: ['a', 'b'] },
        { line: 2, fields: ['x, y', 'line 1\nline "2"'] },
        { line: 5, fields: ['last', ''] },
      ],
    });
  });

  it('refuses an unclosed quote, an unknown column, a missing column, no rows and over 100 rows', () => {
    expect(readCsvImport('content,platforms\n"open,bluesky')).toEqual({ error: expect.stringContaining('line 2') });
    expect(readCsvImport('content,platform\nx,bluesky')).toEqual({ error: expect.stringContaining('"platform"') });
    expect(readCsvImport('content,scheduled_for\nx,')).toEqual({ error: expect.stringContaining('"platforms"') });
    expect(readCsvImport('content,platforms\n')).toEqual({ error: expect.stringContaining('no posts') });
    expect(readCsvImport('')).toEqual({ error: expect.stringContaining('empty') });
    const many = ['content,platforms', ...Array.from({ length: 101 }, (_, index) => `p${index},bluesky`)].join('\n');
    expect(readCsvImport(many)).toEqual({ error: expect.stringContaining('at most 100') });
  });

  it('turns rows into POST /posts bodies: platforms split on |, times with a zone as written, queue as a flag', () => {
    const read = readCsvImport(
      [
        'Content,Platforms,Scheduled_for,Queue',
        'one,LinkedIn | bluesky,2026-12-01T09:00:00Z,',
        'two,bluesky,,yes',
        'three,bluesky,,maybe',
        'four,bluesky,tomorrow,false',
        'five,bluesky,,,extra',
      ].join('\n'),
    );
    expect(read).toEqual({
      rows: [
        { line: 2, body: { content: 'one', platforms: ['linkedin', 'bluesky'], scheduled_for: '2026-12-01T09:00:00Z' } },
        { line: 3, body: { content: 'two', platforms: ['bluesky'], queue: true } },
        { line: 4, body: { content: 'three', platforms: ['bluesky'] }, error: expect.stringContaining('queue must be true or false') },
        { line: 5, body: { content: 'four', platforms: ['bluesky'], scheduled_for: 'tomorrow' } },
        { line: 6, body: {}, error: expect.stringContaining('5 fields') },
      ],
    });
  });

  it('reads a time without a zone as local time', () => {
    const read = readCsvImport('content,platforms,scheduled_for\nx,bluesky,2026-12-01 09:30');
    expect(read).toEqual({
      rows: [{ line: 2, body: { content: 'x', platforms: ['bluesky'], scheduled_for: new Date(2026, 11, 1, 9, 30).toISOString() } }],
    });
  });
});
