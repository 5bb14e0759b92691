import { batchCreationScope, postChangeScope, postCreationScope } from '#shared/domain/call-scopes';
import { quotaExceeded, pendingBytesExceeded } from '#shared/domain/quotas';
import { toWireError } from '#shared/http/errors';

/** What a call needs of its key (docs/api.md, "Key scopes"), judged from the body or the post. */
describe('the scope a call needs', () => {
  const both = (scope: string) => ({ refuseBelow: scope, required: scope });

  it('a post needs write, a draft draft; a body that says nothing clear gets the route least scope', () => {
    expect(postCreationScope({ content: 'x' }, 'draft')).toEqual(both('write'));
    expect(postCreationScope({ draft: false }, 'draft')).toEqual(both('write'));
    expect(postCreationScope({ draft: true }, 'draft')).toEqual(both('draft'));
    expect(postCreationScope({ draft: 'yes' }, 'draft')).toEqual(both('draft'));
    expect(postCreationScope(undefined, 'draft')).toEqual(both('draft'));
    expect(postCreationScope([{ draft: true }], 'draft')).toEqual(both('draft'));
  });

  it('a batch needs write unless every item is a draft, and is refused whole only when no item is a draft', () => {
    const draft = { draft: true };
    const post = { content: 'x' };
    expect(batchCreationScope({ posts: [draft, draft] }, 'draft')).toEqual(both('draft'));
    expect(batchCreationScope({ posts: [draft, post] }, 'draft')).toEqual({ refuseBelow: 'draft', required: 'write' });
    expect(batchCreationScope({ posts: [post, post] }, 'draft')).toEqual(both('write'));
    expect(batchCreationScope({ posts: [] }, 'draft')).toEqual(both('draft'));
    expect(batchCreationScope({}, 'draft')).toEqual(both('draft'));
    expect(batchCreationScope({ posts: ['not an object', post] }, 'draft')).toEqual({ refuseBelow: 'draft', required: 'write' });
  });

  it("an edit or deletion needs what the post's status asks; no post, the route least scope", () => {
    expect(postChangeScope('draft', 'draft')).toEqual(both('draft'));
    expect(postChangeScope('scheduled', 'draft')).toEqual(both('write'));
    expect(postChangeScope('failed', 'draft')).toEqual(both('write'));
    expect(postChangeScope(undefined, 'draft')).toEqual(both('draft'));
  });
});

describe('QUOTA_EXCEEDED', () => {
  it('is 409 with quota and limit, the message saying which and how to free a place', () => {
    const wire = toWireError(quotaExceeded('keys', 100));
    expect(wire.statusCode).toBe(409);
    expect(wire.body).toEqual({ error: 'QUOTA_EXCEEDED', quota: 'keys', limit: 100, message: expect.stringContaining('100 API keys') });
    expect(wire.body.message).toContain('DELETE /keys/{id}');
    expect(toWireError(pendingBytesExceeded(5_000_000_000)).body).toMatchObject({ quota: 'pending_media', limit: 5_000_000_000 });
  });
});
