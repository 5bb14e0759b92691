import { errorText, summarize } from '../../cli/output';

/** What the command line prints (cli/output.ts): a person's summary and an API error's lines. */
describe('command line output (cli/output.ts)', () => {
  it('summarizes a resource by its scalar fields and a list by one line per item, id first', () => {
    expect(summarize(201, { post: { id: 'P1', status: 'scheduled', platforms: ['bluesky', 'linkedin'], results: {} } })).toBe(
      ['post:', '  id: P1', '  status: scheduled', '  platforms: bluesky, linkedin', '  results: {}'].join('\n'),
    );
    expect(summarize(200, { posts: [{ id: 'P1', status: 'draft', content: 'x'.repeat(80) }], next_cursor: null })).toBe(
      ['posts: 1', `  P1  status=draft  content=${'x'.repeat(59)}…`].join('\n'),
    );
    expect(summarize(204, undefined)).toBe('done (HTTP 204)');
  });

  it('prints an API error as CODE: message and one line per extra field', () => {
    expect(errorText(400, { error: 'INVALID_FIELD', message: 'bad', field: 'content', details: { max: 3 } })).toBe(
      'INVALID_FIELD: bad\n  field: content\n  details: {"max":3}',
    );
    expect(errorText(502, '<html>bad gateway</html>')).toBe('HTTP 502: <html>bad gateway</html>');
  });
});
