import { seededRandom } from '../support/seeded-random';
import { escapeLittleText, parseLittleText, renderLittleText } from '#shared/platforms/linkedin/little-text';

const PIECES = [
  ...'\\|{}@[]()<>#*_~'.split(''),
  '#tag',
  '#launch2026',
  '#snake_case',
  '#_lead',
  '#1',
  '#日本語',
  '#café',
  '#e\u0301clair',
  'C#',
  '##double',
  '#🎉',
  '🎉',
  '👩‍💻',
  '🇫🇷',
  '漢字',
  'かな',
  '한국어',
  'ñ',
  'e\u0301',
  'Ωμέγα',
  '\n',
  '\r\n',
  '\n\n',
  ' ',
  '  ',
  '\t',
  'word',
  'x',
  '1',
  '.',
  ',',
  '!',
  '-',
  "'",
  '"',
  '/',
  ':',
  'https://example.com/a_b_(c)#frag',
  'http://x.y/#top',
  '\\#',
  '\\\\',
  '{hashtag|\\#|fake}',
  '@[Ada](urn:li:person:1)',
];

function randomText(random: () => number): string {
  const length = Math.floor(random() * 30);
  let text = '';
  for (let index = 0; index < length; index += 1) text += PIECES[Math.floor(random() * PIECES.length)];
  return text;
}

describe('LinkedIn little text', () => {
  it.each([
    ['parentheses, brackets, underscores', 'f(x) = [a_b] {c} <d>', 'f\\(x\\) = \\[a\\_b\\] \\{c\\} \\<d\\>'],
    ['the backslash first, never escaping an escape', 'a\\b \\#', 'a\\\\b \\\\\\#'],
    ['other reserved characters', 'a|b *c* ~d~ @e', 'a\\|b \\*c\\* \\~d\\~ \\@e'],
    ['a hashtag as the template', '#hello world', '{hashtag|\\#|hello} world'],
    ['reserved characters inside a hashtag', 'go #snake_case!', 'go {hashtag|\\#|snake\\_case}!'],
    ['unicode hashtags', '#日本語 #café', '{hashtag|\\#|日本語} {hashtag|\\#|café}'],
    ['a # inside a word', 'C#sharp', 'C\\#sharp'],
    ['a number after #', 'our #1 priority', 'our \\#1 priority'],
    ['a URL fragment', 'see https://x.com/#frag', 'see https://x.com/\\#frag'],
    ['plain text', 'Hello, world! 🎉\n漢字', 'Hello, world! 🎉\n漢字'],
  ])('escapes %s', (_, text, little) => {
    expect(escapeLittleText(text)).toBe(little);
    expect(renderLittleText(little)).toBe(text);
  });

  it('keeps hashtags clickable', () => {
    expect(parseLittleText(escapeLittleText('Shipping #v2_release today #日本語 and C#, not #1')).hashtags).toEqual([
      'v2_release',
      '日本語',
    ]);
  });

  it('reads text the way LinkedIn shows it, cut at the first unescaped reserved character', () => {
    expect(parseLittleText('Hello (world)')).toEqual({ text: 'Hello ', hashtags: [], complete: false });
    expect(parseLittleText('a \\_ b')).toEqual({ text: 'a _ b', hashtags: [], complete: true });
    expect(parseLittleText('#tag and {hashtag|\\#|other\\_one}')).toEqual({
      text: '#tag and #other_one',
      hashtags: ['tag', 'other_one'],
      complete: true,
    });
    expect(parseLittleText('hi @[Ada](urn:li:person:1)!')).toEqual({ text: 'hi Ada!', hashtags: [], complete: true });
    expect(parseLittleText('bad \\a escape').complete).toBe(false);
  });

  it('round-trips 2000 random strings of reserved characters, hashtags, emoji, CJK and newlines', () => {
    const seed = 20261123;
    const random = seededRandom(seed);
    for (let index = 0; index < 2000; index += 1) {
      const text = randomText(random);
      const parsed = parseLittleText(escapeLittleText(text));
      if (parsed.text !== text || !parsed.complete) {
        throw new Error(`seed ${seed}, string ${index}: ${JSON.stringify(text)} came back as ${JSON.stringify(parsed)}`);
      }
    }
  });
});
