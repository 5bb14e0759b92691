/**
 * Seeded post texts for the preview-equals-publisher test: emoji (ZWJ sequences, flags, skin
 * tones), CJK, URLs (with fragments and parentheses), mentions, hashtags, LinkedIn's reserved
 * characters and paragraphs, some long enough to become Bluesky threads. Same seed, same texts.
 */
import { seededRandom } from './seeded-random';

const WORDS = ['ship', 'release', 'today', 'we', 'finally', 'made', 'it', 'über', 'naïve', 'café', 'version', 'two'];
const EMOJI = ['😀', '🚀', '👩‍👩‍👧‍👦', '🇫🇷', '👍🏽', '❤️', '🧑‍💻', 'e\u0301'];
const CJK = ['今日は良い天気です。', '新しい機能を公開しました！', '中文测试，链接在下面。', '한국어 텍스트'];
const URLS = [
  'https://example.com',
  'https://example.com/path?q=1&r=2',
  'https://example.com/a_b(c)#frag',
  'http://sub.example.org/x/y/',
  'https://example.com/🚀',
  'example.com/bare',
];
const RESERVED = ['\\', '|', '{', '}', '@', '[', ']', '(', ')', '<', '>', '#', '*', '_', '~'];
const TAGS = ['#launch', '#日本', '#1', '#café', '#a_b', '##double', '#tag!'];
const SEPARATORS = [' ', ' ', ' ', ' ', '\n', '\n\n', '. ', '! ', '? ', ', '];

export function generateTexts(count: number, seed: number, mentions: string[]): string[] {
  const random = seededRandom(seed);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)];
  const piece = (): string => {
    const roll = random();
    if (roll < 0.45) return pick(WORDS);
    if (roll < 0.55) return pick(EMOJI);
    if (roll < 0.63) return pick(CJK);
    if (roll < 0.71) return pick(URLS);
    if (roll < 0.76) return `@${pick(mentions)}`;
    if (roll < 0.84) return pick(TAGS);
    if (roll < 0.94) return pick(RESERVED) + (random() < 0.5 ? pick(WORDS) : '');
    return `(${pick(WORDS)}) [${pick(WORDS)}] <${pick(WORDS)}> *${pick(WORDS)}* _${pick(WORDS)}_ ~${pick(WORDS)}~`;
  };
  const texts: string[] = [];
  while (texts.length < count) {
    // A third long enough to thread on Bluesky; escaped LinkedIn text may still pass 3000 (the preview warns).
    const target = random() < 0.33 ? 300 + Math.floor(random() * 1800) : 1 + Math.floor(random() * 280);
    let text = '';
    while (text.length < target) text += piece() + pick(SEPARATORS);
    text = text
      .slice(0, 3000)
      .replace(/[\ud800-\udbff]$/, '')
      .trim();
    if (text !== '') texts.push(text);
  }
  return texts;
}
