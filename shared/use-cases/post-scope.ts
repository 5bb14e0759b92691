import { postChangeScope, type CallScope } from '#shared/domain/call-scopes';
import { isId } from '#shared/domain/ids';
import type { KeyScope } from '#shared/domain/key-scopes';
import { getPostItem } from '#shared/store/posts';

/**
 * The scope an edit or a deletion of this post needs (docs/api.md, "Key scopes"), for the key
 * check that runs before the body is read: the account's post read once (one GetItem, only for
 * keys below `write`). The use case checks the status again when it changes the post, so a post
 * scheduled meanwhile is still refused to a `draft` key.
 */
export async function scopeToChangePost(accountId: string, postId: string | undefined, fallback: KeyScope): Promise<CallScope> {
  if (postId === undefined || !isId(postId)) return postChangeScope(undefined, fallback);
  const post = await getPostItem(postId.toLowerCase());
  return postChangeScope(post?.account_id === accountId ? post.status : undefined, fallback);
}
