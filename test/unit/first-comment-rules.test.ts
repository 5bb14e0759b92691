import {
  checkFirstComment,
  editedFirstComment,
  firstCommentFor,
  firstCommentOutstanding,
  firstCommentView,
} from '#shared/domain/first-comment';
import { DomainError } from '#shared/domain/errors';

/** The first comment's pure rules (docs/api.md, "First comment"). */
describe('first comment rules', () => {
  const fieldOf = (run: () => void): string | undefined => {
    try {
      run();
      return undefined;
    } catch (error) {
      expect(error).toBeInstanceOf(DomainError);
      return (error as DomainError).extras.field as string;
    }
  };

  it('takes a platform’s own text over the shared one', () => {
    const post = { first_comment: 'shared', platform_first_comment: { bluesky: 'own' } };
    expect([firstCommentFor(post, 'bluesky'), firstCommentFor(post, 'linkedin')]).toEqual(['own', 'shared']);
    expect(firstCommentFor({ first_comment: null }, 'linkedin')).toBeUndefined();
  });

  it('checks each platform that uses a text against that platform’s limit only', () => {
    expect(fieldOf(() => checkFirstComment(['linkedin'], { first_comment: 'x'.repeat(1250) }))).toBeUndefined();
    expect(fieldOf(() => checkFirstComment(['linkedin'], { first_comment: 'x'.repeat(1251) }))).toBe('first_comment');
    // 500 characters: fine for LinkedIn, too long for Bluesky unless Bluesky has its own.
    expect(fieldOf(() => checkFirstComment(['linkedin', 'bluesky'], { first_comment: 'x'.repeat(500) }))).toBe('first_comment');
    expect(
      fieldOf(() =>
        checkFirstComment(['linkedin', 'bluesky'], { first_comment: 'x'.repeat(500), platform_first_comment: { bluesky: 'ok' } }),
      ),
    ).toBeUndefined();
    expect(fieldOf(() => checkFirstComment(['bluesky'], { platform_first_comment: { bluesky: 'é'.repeat(301) } }))).toBe(
      'platform_first_comment.bluesky',
    );
    // Graphemes, not code units: 300 flags (4 code units each) fit.
    expect(fieldOf(() => checkFirstComment(['bluesky'], { first_comment: '🇫🇷'.repeat(300) }))).toBeUndefined();
    expect(fieldOf(() => checkFirstComment(['bluesky'], { platform_first_comment: { linkedin: 'x' } }))).toBe(
      'platform_first_comment.linkedin',
    );
  });

  it('shows a stored outcome, else pending, or skipped when the post failed there', () => {
    expect(firstCommentView('published', { status: 'published', url: 'u', error: null, claim_id: 'c' })).toEqual({
      status: 'published',
      url: 'u',
      error: null,
    });
    expect(firstCommentView('published', { status: 'publishing', url: null, error: null, claim_id: 'c' })).toEqual({
      status: 'pending',
      url: null,
      error: null,
    });
    expect(firstCommentView('pending', undefined).status).toBe('pending');
    expect(firstCommentView('failed', undefined).status).toBe('skipped');
  });

  it('is outstanding only on a published platform with a comment not yet settled', () => {
    const post = (status: string, comment?: 'publishing' | 'published' | 'failed') => ({
      first_comment: 'c',
      results: { bluesky: { status, ...(comment ? { first_comment: { status: comment, url: null, error: null } } : {}) } },
    });
    expect(firstCommentOutstanding(post('published'), 'bluesky')).toBe(true);
    expect(firstCommentOutstanding(post('published', 'publishing'), 'bluesky')).toBe(true);
    expect(firstCommentOutstanding(post('published', 'failed'), 'bluesky')).toBe(false);
    expect(firstCommentOutstanding(post('failed'), 'bluesky')).toBe(false);
    expect(firstCommentOutstanding({ results: { bluesky: { status: 'published' } } }, 'bluesky')).toBe(false);
  });

  it('applies a PATCH: null removes, a map replaces, a removed platform loses its own text', () => {
    const post = { first_comment: 'shared', platform_first_comment: { bluesky: 'own', linkedin: 'li' } };
    expect(editedFirstComment(post, {}, ['linkedin'])).toEqual({ first_comment: 'shared', platform_first_comment: { linkedin: 'li' } });
    expect(editedFirstComment(post, { first_comment: null, platform_first_comment: {} }, ['linkedin', 'bluesky'])).toEqual({
      first_comment: undefined,
      platform_first_comment: undefined,
    });
    expect(fieldOf(() => editedFirstComment(post, { platform_first_comment: { bluesky: 'x' } }, ['linkedin']))).toBe(
      'platform_first_comment.bluesky',
    );
  });
});
