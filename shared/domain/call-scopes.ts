import { KEY_SCOPES, type KeyScope } from './key-scopes';

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

const isObject = (value: unknown): value is Record<string, unknown> => value !== null && typeof value === 'object' && !Array.isArray(value);

/**
 * A POST /posts body (or a batch item): `"draft": true` asks for a draft, no `draft` or `false`
 * for a post. Anything else (not an object, `draft` not a boolean) will fail validation whatever
 * the key: it gets `fallback`, the route's least scope, so that the key hears of its real fault.
 */
function creationScope(body: unknown, fallback: KeyScope): KeyScope {
  if (!isObject(body)) return fallback;
  if (body.draft === true) return 'draft';
  return body.draft === undefined || body.draft === false ? 'write' : fallback;
}

/**
 * POST /posts: `draft` for a body asking for a draft, `write` for a post. A body that cannot be
 * read (`undefined`) gets `fallback`, the route's least scope: the call will fail INVALID_JSON for
 * a key that passes, and nothing in it says more.
 */
export function postCreationScope(body: unknown, fallback: KeyScope): CallScope {
  return sameScope(creationScope(body, fallback));
}

/**
 * POST /posts/batch: `write` for all of it unless every item is a draft; refused whole only when
 * the key can create no item (a `draft` key and no draft among them). A body without a non-empty `posts` array gets
 * `fallback`, as an unreadable one: validation refuses it whole for any key that passes.
 */
export function batchCreationScope(body: unknown, fallback: KeyScope): CallScope {
  const posts = isObject(body) ? body.posts : undefined;
  if (!Array.isArray(posts) || posts.length === 0) return sameScope(fallback);
  const scopes = posts.map((post) => creationScope(post, fallback));
  const least = scopes.reduce((a, b) => (KEY_SCOPES.indexOf(a) <= KEY_SCOPES.indexOf(b) ? a : b));
  const most = scopes.reduce((a, b) => (KEY_SCOPES.indexOf(a) >= KEY_SCOPES.indexOf(b) ? a : b));
  return { refuseBelow: least, required: most };
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
