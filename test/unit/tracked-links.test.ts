import { CODE_LENGTH, campaignOf, isCrawler, isLinkCode, newLinkCode, shortLinkUrl, utmTarget } from '#shared/domain/tracked-links';
import { rewriteLinks, trackableLinks } from '#shared/platforms/tracked-text';

/** The pure rules of tracked links (docs/api.md, "Tracked links"): codes, UTM targets, crawlers, the text rewrite. */
describe('tracked link codes', () => {
  it('are 12 base62 characters, drawn without bias and without repeats in 10,000 draws', () => {
    const codes = Array.from({ length: 10_000 }, () => newLinkCode());
    expect(codes.every((code) => code.length === CODE_LENGTH && isLinkCode(code))).toBe(true);
    expect(new Set(codes).size).toBe(codes.length);
    // Every character of the alphabet turns up, and none far more often than the others (62 × 12 × 10,000 / 62 each).
    const counts = new Map<string, number>();
    for (const char of codes.join('')) counts.set(char, (counts.get(char) ?? 0) + 1);
    expect(counts.size).toBe(62);
    const expected = (10_000 * CODE_LENGTH) / 62;
    for (const count of counts.values()) expect(Math.abs(count - expected) / expected).toBeLessThan(0.15);
  });

  it('refuses anything else as a code before any read', () => {
    for (const value of [undefined, '', 'short', 'AAAAAAAAAAA!', 'AAAAAAAAAAAAA', '../AAAAAAAAA']) expect(isLinkCode(value)).toBe(false);
  });

  it('makes the short link on the public base URL, with or without a trailing slash', () => {
    expect(shortLinkUrl('https://api.example.com/v1', 'Ab3dEf6hIj9k')).toBe('https://api.example.com/v1/l/Ab3dEf6hIj9k');
    expect(shortLinkUrl('https://api.example.com/v1/', 'Ab3dEf6hIj9k')).toBe('https://api.example.com/v1/l/Ab3dEf6hIj9k');
  });
});

describe('UTM targets', () => {
  it('adds source, medium and campaign, keeping the path, query and fragment', () => {
    expect(utmTarget('https://example.com/a/b?x=1#part', 'bluesky', 'spring')).toBe(
      'https://example.com/a/b?x=1&utm_source=bluesky&utm_medium=social&utm_campaign=spring#part',
    );
  });

  it('never overrides a parameter the link already has, and leaves out a missing campaign', () => {
    expect(utmTarget('https://example.com/?utm_source=newsletter&utm_campaign=mine', 'linkedin', 'spring')).toBe(
      'https://example.com/?utm_source=newsletter&utm_campaign=mine&utm_medium=social',
    );
    expect(utmTarget('http://example.com', 'linkedin', undefined)).toBe('http://example.com/?utm_source=linkedin&utm_medium=social');
  });

  it("takes the post's campaign first, then the account's", () => {
    expect(campaignOf('post', 'account')).toBe('post');
    expect(campaignOf(undefined, 'account')).toBe('account');
    expect(campaignOf(undefined, null)).toBeUndefined();
  });
});

describe('crawlers and preview fetchers', () => {
  it.each([
    'Mozilla/5.0 (compatible; Bluesky Cardyb/1.1; +mailto:support@bsky.app)',
    'LinkedInBot/1.0 (compatible; Mozilla/5.0; Apache-HttpClient +http://www.linkedin.com)',
    'Twitterbot/1.0',
    'facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)',
    'Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)',
    'Mozilla/5.0 (compatible; Discordbot/2.0; +https://discordapp.com)',
    'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
    'Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)',
    'SomeCrawler/3.0',
    'acme-spider',
    'LinkPreview/1.0',
    '',
    undefined,
  ])('%s is not a click', (userAgent) => expect(isCrawler(userAgent)).toBe(true));

  it.each([
    'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36',
    'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1',
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0',
  ])('%s is a click', (userAgent) => expect(isCrawler(userAgent)).toBe(false));
});

describe('the text rewrite', () => {
  const short = (url: string) => `https://s.test/l/${url.length.toString().padStart(12, '0')}`;

  it('replaces written http(s) links, exactly the span Bluesky makes clickable, and leaves bare domains', () => {
    const text = 'Read https://example.com/a?b=1, then http://example.org/x. Also example.net and ✨ https://ünï.example/p!';
    expect(trackableLinks(text).map((link) => link.url)).toEqual([
      'https://example.com/a?b=1',
      'http://example.org/x',
      'https://ünï.example/p',
    ]);
    expect(rewriteLinks(text, short)).toBe(
      `Read ${short('https://example.com/a?b=1')}, then ${short('http://example.org/x')}. Also example.net and ✨ ${short('https://ünï.example/p')}!`,
    );
  });

  it('keeps a link it has no short link for', () => {
    expect(rewriteLinks('a https://example.com b', () => undefined)).toBe('a https://example.com b');
  });
});
