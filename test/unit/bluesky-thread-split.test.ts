import { graphemeCount, MAX_BYTES, MAX_GRAPHEMES, splitThread } from '#shared/platforms/bluesky/thread-split';

/** Every part, in order, is the original text with only whitespace dropped at the cuts. */
function expectSameText(text: string, parts: string[]): void {
  let position = 0;
  parts.forEach((part, index) => {
    const skipped = text.slice(position).length - text.slice(position).trimStart().length;
    if (index > 0) position += skipped;
    expect(text.startsWith(part, position)).toBe(true);
    position += part.length;
  });
  expect(text.slice(position).trim()).toBe('');
}

function expectWithinLimits(parts: string[]): void {
  for (const part of parts) {
    expect(graphemeCount(part)).toBeLessThanOrEqual(MAX_GRAPHEMES);
    expect(Buffer.byteLength(part, 'utf8')).toBeLessThanOrEqual(MAX_BYTES);
    expect(part.trim()).not.toBe('');
  }
}

const words = (count: number, word = 'word') => Array.from({ length: count }, (_, index) => `${word}${index % 10}`).join(' ');

describe('splitThread', () => {
  it('keeps a text that fits one post as it is, up to exactly 300 graphemes', () => {
    expect(splitThread('Hello 👋 world')).toEqual(['Hello 👋 world']);
    const exactly = '👍🏽'.repeat(300);
    expect(graphemeCount(exactly)).toBe(300);
    expect(splitThread(exactly)).toEqual([exactly]);
    expect(splitThread(`${exactly}a`)).toHaveLength(2);
  });

  it('cuts at a paragraph break first', () => {
    const first = words(40); // 239 graphemes
    const second = words(40);
    const text = `${first}\n\n${second}`;
    expect(splitThread(text)).toEqual([first, second]);
  });

  it('cuts at a sentence end when a paragraph is too long', () => {
    const sentence = 'This sentence has exactly eight words in it.';
    const text = Array.from({ length: 12 }, () => sentence).join(' ');
    const parts = splitThread(text);
    expect(parts.length).toBeGreaterThan(1);
    for (const part of parts) expect(part.endsWith('.')).toBe(true);
    expectSameText(text, parts);
  });

  it('cuts at whitespace, never inside a word, when there is no sentence end', () => {
    const text = words(120, 'lorem');
    const parts = splitThread(text);
    expectWithinLimits(parts);
    expectSameText(text, parts);
    for (const part of parts) for (const token of part.split(' ')) expect(token).toMatch(/^lorem\d$/);
  });

  it.each([
    ['a link', 'https://example.com/a/very/long/path/that/must/stay/whole?with=query&and=more#fragment'],
    ['a mention', '@someone-with-a-long-handle.bsky.social'],
    ['a hashtag', '#averyveryverylonghashtagthatmuststaywhole'],
  ])('moves %s that straddles the limit whole into the next part', (_, token) => {
    // No spaces before the token: the only allowed cuts are right before or after it.
    const filler = 'x'.repeat(280);
    const text = `${filler} ${token} tail`;
    const parts = splitThread(text);
    expect(parts).toEqual([filler, `${token} tail`]);
  });

  it('splits a 1,000-grapheme text with emoji, a long URL and CJK within limits, losing nothing', () => {
    const url = `https://example.com/${'segment/'.repeat(20)}end_(x)`;
    const text = [
      `Launch day 🚀👩🏽‍💻 ${words(30)} ${url} and more.`,
      `日本語の文章です。これは長いテキストの例です。${'漢字かなカナ'.repeat(30)}。`,
      `${'🎉🇫🇷👨‍👩‍👧‍👦 '.repeat(40)}${words(40)}`,
      words(60),
    ].join('\n\n');
    expect(graphemeCount(text)).toBeGreaterThanOrEqual(1000);
    const parts = splitThread(text);
    expect(parts.length).toBeGreaterThanOrEqual(4);
    expectWithinLimits(parts);
    expectSameText(text, parts);
    expect(parts.some((part) => part.includes(url))).toBe(true);
    // No grapheme was broken: the family emoji survives whole wherever it ended up.
    expect(parts.join('').split('👨‍👩‍👧‍👦').length).toBe(41);
  });

  it('splits text without spaces (CJK) at sentence ends or word boundaries', () => {
    const text = '東京は日本の首都です。'.repeat(70);
    const parts = splitThread(text);
    expectWithinLimits(parts);
    expect(parts.join('')).toBe(text);
    for (const part of parts) expect(part.endsWith('。')).toBe(true);
  });

  it('respects the 3000-byte limit for emoji-heavy text, never breaking a grapheme', () => {
    const family = '👨‍👩‍👧‍👦'; // one grapheme, 25 bytes
    const text = family.repeat(300);
    const parts = splitThread(text);
    expectWithinLimits(parts);
    expect(parts.join('')).toBe(text);
    for (const part of parts) expect(part.replaceAll(family, '')).toBe('');
  });

  it('cuts a link longer than a whole post where it must, still within the limits', () => {
    const text = `See https://example.com/${'a'.repeat(400)} now`;
    const parts = splitThread(text);
    expectWithinLimits(parts);
    expectSameText(text, parts);
  });
});
