import { DomainError } from '#shared/domain/errors';
import { checkPlatformOptions, isLanguageTag, platformOptionsField, type PlatformOptions } from '#shared/domain/platform-options';
import { createPostErrorExtras, createPostSchema } from '#shared/http/endpoints/create-post/schema';
import * as validators from '#shared/http/endpoints/create-post/schema.validators';
import { bodyValidator } from '#shared/http/validation';
import { parsePostAddress } from '#shared/platforms/bluesky/resolve-post';
import { recordOptions, withQuote } from '#shared/platforms/bluesky/post-options';

/**
 * platform_options (docs/api.md, "Platform options"): every refusal with its field, first by the
 * schema (the generated validator, as POST /posts, PATCH, batch and preview run it), then by the
 * rules across fields; and the record fields the options make.
 */
const validate = bodyValidator(createPostSchema, validators.createPostSchema, createPostErrorExtras);
const BOTH = ['linkedin', 'bluesky'];

function refusal(run: () => void): { code: string; field?: unknown } {
  try {
    run();
  } catch (error) {
    if (error instanceof DomainError) return { code: error.code, field: error.extras.field };
    throw error;
  }
  throw new Error('not refused');
}

const poll = { question: 'Which?', options: ['A', 'B'], duration: 'ONE_DAY' as const };
const schemaRows: Array<[string, Record<string, unknown>, string]> = [
  ['an unknown platform', { zulip: {} }, 'platform_options.zulip'],
  ['an unknown Bluesky option', { bluesky: { pin: true } }, 'platform_options.bluesky.pin'],
  ['reply_to not a string', { bluesky: { reply_to: 42 } }, 'platform_options.bluesky.reply_to'],
  ['an empty quote', { bluesky: { quote: '' } }, 'platform_options.bluesky.quote'],
  ['reply_control "everyone"', { bluesky: { reply_control: ['everyone'] } }, 'platform_options.bluesky.reply_control'],
  ['an empty reply_control', { bluesky: { reply_control: [] } }, 'platform_options.bluesky.reply_control'],
  ['a repeated reply_control', { bluesky: { reply_control: ['followers', 'followers'] } }, 'platform_options.bluesky.reply_control'],
  ['quotes_allowed not a boolean', { bluesky: { quotes_allowed: 'no' } }, 'platform_options.bluesky.quotes_allowed'],
  ['four langs', { bluesky: { langs: ['en', 'de', 'fr', 'es'] } }, 'platform_options.bluesky.langs'],
  ['an unknown label', { bluesky: { labels: ['spoiler'] } }, 'platform_options.bluesky.labels'],
  ['a document without a title', { linkedin: { document: { media_id: 'x' } } }, 'platform_options.linkedin.document'],
  ['a document with a blank title', { linkedin: { document: { media_id: 'x', title: '  ' } } }, 'platform_options.linkedin.document'],
  ['a question over 140', { linkedin: { poll: { ...poll, question: 'q'.repeat(141) } } }, 'platform_options.linkedin.poll'],
  ['one option', { linkedin: { poll: { ...poll, options: ['A'] } } }, 'platform_options.linkedin.poll'],
  ['five options', { linkedin: { poll: { ...poll, options: ['A', 'B', 'C', 'D', 'E'] } } }, 'platform_options.linkedin.poll'],
  ['an option over 30', { linkedin: { poll: { ...poll, options: ['A', 'o'.repeat(31)] } } }, 'platform_options.linkedin.poll'],
  ['an unknown duration', { linkedin: { poll: { ...poll, duration: 'ONE_MONTH' } } }, 'platform_options.linkedin.poll'],
  ['a poll without duration', { linkedin: { poll: { question: 'Which?', options: ['A', 'B'] } } }, 'platform_options.linkedin.poll'],
  ['an unknown poll field', { linkedin: { poll: { ...poll, multiple: true } } }, 'platform_options.linkedin.poll'],
];

describe('platform_options: the schema', () => {
  it.each(schemaRows)('refuses %s as INVALID_FIELD %s', (_, options, field) => {
    expect(refusal(() => validate({ content: 'Hi', platforms: BOTH, platform_options: options }))).toEqual({
      code: 'INVALID_FIELD',
      field,
    });
  });

  it('takes every option at once', () => {
    const body = {
      content: 'Hi',
      platforms: BOTH,
      platform_options: {
        bluesky: {
          quote: 'at://did:plc:abc/app.bsky.feed.post/3lbq2xkzxyz2a',
          reply_control: ['mentioned', 'followers'],
          quotes_allowed: false,
          langs: ['en'],
          labels: ['nudity'],
        },
        linkedin: { poll },
      },
    };
    expect(() => validate(body)).not.toThrow();
  });
});

describe('platform_options: the rules across fields', () => {
  const rows: Array<[string, string[], PlatformOptions, number, string]> = [
    ['options for a platform not posted to', ['bluesky'], { linkedin: { poll } }, 0, 'platform_options.linkedin'],
    [
      'nobody with another rule',
      BOTH,
      { bluesky: { reply_control: ['nobody', 'mentioned'] } },
      0,
      'platform_options.bluesky.reply_control',
    ],
    [
      'reply controls on a reply',
      BOTH,
      { bluesky: { reply_to: 'at://x', reply_control: ['followers'] } },
      0,
      'platform_options.bluesky.reply_control',
    ],
    ['a quote of the post answered', BOTH, { bluesky: { reply_to: 'at://x', quote: 'at://x' } }, 0, 'platform_options.bluesky.quote'],
    ['a tag that is no BCP 47', BOTH, { bluesky: { langs: ['english!'] } }, 0, 'platform_options.bluesky.langs'],
    ['a document and a poll', BOTH, { linkedin: { document: { media_id: 'm', title: 't' }, poll } }, 0, 'platform_options.linkedin.poll'],
    ['a document beside images', BOTH, { linkedin: { document: { media_id: 'm', title: 't' } } }, 2, 'platform_options.linkedin.document'],
    ['a poll beside a video', BOTH, { linkedin: { poll } }, 1, 'platform_options.linkedin.poll'],
    ['two equal poll options', BOTH, { linkedin: { poll: { ...poll, options: ['Yes', 'yes '] } } }, 0, 'platform_options.linkedin.poll'],
  ];
  it.each(rows)('refuses %s', (_, platforms, options, media, field) => {
    expect(refusal(() => checkPlatformOptions(platforms as never, options, media))).toEqual({ code: 'INVALID_FIELD', field });
  });

  it('knows a BCP 47 tag', () => {
    for (const tag of ['en', 'pt-BR', 'zh-Hant-TW', 'sr-Latn', 'es-419', 'x-private', 'i-klingon']) expect(isLanguageTag(tag)).toBe(true);
    for (const tag of ['', 'e', 'english!', 'en_US', 'en--us', '12']) expect(isLanguageTag(tag)).toBe(false);
  });

  it('stores nothing for empty options, so {} removes them', () => {
    expect(platformOptionsField({})).toEqual({});
    expect(platformOptionsField({ bluesky: {} })).toEqual({});
    expect(platformOptionsField({ bluesky: { langs: ['en'] }, linkedin: {} })).toEqual({
      platform_options: { bluesky: { langs: ['en'] } },
    });
  });
});

describe('Bluesky options as record fields', () => {
  it('reads bsky.app URLs and at:// URIs of posts, and nothing else', () => {
    expect(parsePostAddress('https://bsky.app/profile/Alice.bsky.social/post/3lbq2xkzxyz2a')).toEqual({
      actor: 'alice.bsky.social',
      rkey: '3lbq2xkzxyz2a',
    });
    expect(parsePostAddress('at://did:plc:ewvi7nxzyoun6zhxrhs64oiz/app.bsky.feed.post/3lbq2xkzxyz2a')).toEqual({
      actor: 'did:plc:ewvi7nxzyoun6zhxrhs64oiz',
      rkey: '3lbq2xkzxyz2a',
    });
    expect(parsePostAddress('at://did:plc:abc/app.bsky.feed.like/3lbq2xkzxyz2a')).toBeUndefined();
    expect(parsePostAddress('https://evil.example/profile/a/post/3lbq')).toBeUndefined();
  });

  it('makes threadgate rules, self-labels and a quote around other media', () => {
    const fields = recordOptions({ reply_control: ['mentioned', 'following'], labels: ['porn'], quotes_allowed: false }, undefined);
    expect(fields.threadgateAllow).toEqual([
      { $type: 'app.bsky.feed.threadgate#mentionRule' },
      { $type: 'app.bsky.feed.threadgate#followingRule' },
    ]);
    expect(fields.labels).toEqual({ $type: 'com.atproto.label.defs#selfLabels', values: [{ val: 'porn' }] });
    expect(fields.quotesDisabled).toBe(true);
    expect(recordOptions({ reply_control: ['nobody'] }, undefined).threadgateAllow).toEqual([]);
    expect(recordOptions({}, undefined)).toEqual({ quotesDisabled: false });
    const quote = { uri: 'at://did:plc:a/app.bsky.feed.post/3x', cid: 'bafy' };
    const images = { $type: 'app.bsky.embed.images', images: [] };
    expect(withQuote(images, quote)).toEqual({
      $type: 'app.bsky.embed.recordWithMedia',
      record: { $type: 'app.bsky.embed.record', record: quote },
      media: images,
    });
    expect(withQuote(undefined, quote)).toEqual({ $type: 'app.bsky.embed.record', record: quote });
    expect(withQuote(images, undefined)).toBe(images);
  });
});
