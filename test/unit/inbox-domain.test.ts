import { inboxItemId, replyTextProblem } from '#shared/domain/inbox';

/** The inbox's pure rules (docs/api.md, "Inbox"): derived item ids, reply lengths per platform, the expected version. */
describe('inbox rules', () => {
  it('derives one lowercase UUID v4 per account and platform thing, the same every time', () => {
    const id = inboxItemId('acc-1', 'bluesky', 'at://did:plc:x/app.bsky.feed.post/3abc');
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(inboxItemId('acc-1', 'bluesky', 'at://did:plc:x/app.bsky.feed.post/3abc')).toBe(id);
    expect(inboxItemId('acc-2', 'bluesky', 'at://did:plc:x/app.bsky.feed.post/3abc')).not.toBe(id);
    expect(inboxItemId('acc-1', 'linkedin', 'at://did:plc:x/app.bsky.feed.post/3abc')).not.toBe(id);
  });

  it('takes 300 graphemes on Bluesky and 1,250 characters on LinkedIn, never blank', () => {
    const family = '👨‍👩‍👧';
    expect(replyTextProblem('bluesky', family.repeat(300))).toBeUndefined();
    expect(replyTextProblem('bluesky', family.repeat(301))).toContain('301 graphemes');
    expect(replyTextProblem('linkedin', 'x'.repeat(1250))).toBeUndefined();
    expect(replyTextProblem('linkedin', 'x'.repeat(1251))).toContain('1251 characters');
    expect(replyTextProblem('linkedin', '  \n ')).toBe('content must not be blank');
  });
});
