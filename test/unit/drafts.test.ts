import { requireWriteUnlessDraft, scheduledDraft } from '#shared/domain/drafts';
import { KEY_SCOPES } from '#shared/domain/key-scopes';
import { spacingBucket } from '#shared/domain/linkedin-spacing';
import { editRefusal } from '#shared/domain/post-change';
import { applyEdit, readEdit } from '#shared/domain/post-edit';
import type { Post } from '#shared/domain/post';
import { pendingResult } from '#shared/domain/post-view';

/** The pure rules of drafts (docs/api.md, "Drafts"): who may touch what, how an edit keeps a draft, what scheduling makes of it. */
const now = new Date('2026-11-23T10:00:00.000Z');
const at = (minutes: number) => new Date(now.getTime() + minutes * 60_000);

const draft = (overrides: Partial<Post> = {}): Post => ({
  id: 'd1',
  account_id: 'a1',
  content: 'Proposed',
  platforms: ['linkedin', 'bluesky'],
  status: 'draft',
  scheduled_for: at(30).toISOString(),
  created_at: now.toISOString(),
  published_at: null,
  results: { linkedin: pendingResult(), bluesky: pendingResult() },
  post_time: at(30).toISOString(),
  created_by: { type: 'api_key', key_id: 'k1', key_name: 'agent' },
  ...overrides,
});

describe('the draft-or-write rule', () => {
  // Drafts are open to any key the route let in (draft and above); anything else needs write.
  it.each(KEY_SCOPES.flatMap((scope) => [[scope, true] as const, [scope, false] as const]))('%s key, draft %s', (scope, isDraft) => {
    const check = () => requireWriteUnlessDraft(scope, isDraft);
    if (isDraft || scope === 'write' || scope === 'admin') expect(check).not.toThrow();
    else expect(check).toThrow(expect.objectContaining({ code: 'INSUFFICIENT_SCOPE', extras: { required_scope: 'write' } }));
  });
});

describe('editing a draft', () => {
  it('is allowed, keeps it a draft without a LinkedIn slot, and moves only the wished time', () => {
    expect(editRefusal('draft')).toBeUndefined();
    const change = applyEdit(draft(), readEdit({ content: 'Better', scheduled_for: at(90).toISOString() }, now), now)!;
    expect(change.next).toMatchObject({ status: 'draft', content: 'Better', scheduled_for: at(90).toISOString(), version: 1 });
    expect(change.next.spacing_bucket).toBeUndefined();
    expect(change.slot).toBeUndefined();
    const cleared = applyEdit(draft(), readEdit({ scheduled_for: null }, now), now)!;
    expect(cleared.next).toMatchObject({ status: 'draft', scheduled_for: null });
  });
});

describe('scheduledDraft', () => {
  it('makes a scheduled post at the time, with its LinkedIn slot, pending results and the next version', () => {
    const post = scheduledDraft(draft({ version: 2 }), at(45), now);
    expect(post).toMatchObject({
      status: 'scheduled',
      scheduled_for: at(45).toISOString(),
      post_time: at(45).toISOString(),
      spacing_bucket: spacingBucket(at(45)),
      version: 3,
      created_at: now.toISOString(),
      created_by: { type: 'api_key', key_id: 'k1', key_name: 'agent' },
      results: { linkedin: pendingResult(), bluesky: pendingResult() },
    });
  });

  it('publishes now without a time, and claims no slot without LinkedIn', () => {
    const post = scheduledDraft(draft({ platforms: ['bluesky'], results: { bluesky: pendingResult() } }), null, now);
    expect(post).toMatchObject({ status: 'publishing', scheduled_for: null, post_time: now.toISOString(), version: 1 });
    expect(post.spacing_bucket).toBeUndefined();
  });
});
