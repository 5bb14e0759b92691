import type { KeyScope } from './key-scopes';

/**
 * What one call needs (docs/api.md, "Key scopes"; docs/decisions/0151-required-scope-of-the-call.md):
 * `refuseBelow` is the least scope that can get anything done by this call, `required` the scope
 * that gets all of it done, which is what INSUFFICIENT_SCOPE names as `required_scope`. They
 * differ only for a batch mixing drafts and posts: a `draft` key still creates its drafts, item
 * by item, and the others answer their own INSUFFICIENT_SCOPE in the results.
 */
export interface CallScope {
  refuseBelow: KeyScope;
  required: KeyScope;
}

export const sameScope = (scope: KeyScope): CallScope => ({ refuseBelow: scope, required: scope });

const isObject = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

/** A POST /posts body (or a batch item) asks for a draft only with `"draft": true`; anything else is a post. */
const creationScope = (body: unknown): KeyScope => (isObject(body) && body.draft === true ? 'draft' : 'write');

/**
 * POST /posts: `draft` for a body asking for a draft, `write` for any other object. A body that is
 * not a JSON object (`undefined`: unreadable) gets `fallback`, the route's least scope: the call
 * will fail INVALID_JSON for a key that passes, and nothing in it says more.
 */
export function postCreationScope(body: unknown, fallback: KeyScope): CallScope {
  return isObject(body) ? sameScope(creationScope(body)) : sameScope(fallback);
}

/**
 * POST /posts/batch: `write` for all of it unless every item is a draft; refused whole only when
 * no item is a draft (no item could be created). A body without a non-empty `posts` array gets
 * `fallback`, as an unreadable one: validation refuses it whole for any key that passes.
 */
export function batchCreationScope(body: unknown, fallback: KeyScope): CallScope {
  const posts = isObject(body) ? body.posts : undefined;
  if (!Array.isArray(posts) || posts.length === 0) return sameScope(fallback);
  const scopes = posts.map(creationScope);
  return {
    refuseBelow: scopes.includes('draft') ? 'draft' : 'write',
    required: scopes.includes('write') ? 'write' : 'draft',
  };
}

/**
 * PATCH or DELETE /posts/{id}: the post's status decides (a draft needs `draft`, any other post
 * `write`). A post that cannot be read (an id that is not one, unknown, another account's) gets
 * `fallback`, the route's least scope: with it the call answers INVALID_ID or POST_NOT_FOUND,
 * which is the truth, and another account's post is told apart from no post by nothing.
 */
export function postChangeScope(status: string | undefined, fallback: KeyScope): CallScope {
  if (status === undefined) return sameScope(fallback);
  return sameScope(status === 'draft' ? 'draft' : 'write');
}
