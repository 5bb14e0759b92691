import type { Post } from '#shared/domain/post';
import { postListKey, toPost } from './posts';
import { queryAll } from './scan-all';
import { GSI1 } from './table';

/**
 * The reads evergreen recycling needs (docs/api.md, "Evergreen recycling"), over the account's post
 * list (GSI1, `ACCOUNT#id#POSTS`) with a filter: the account's evergreen posts, and whether anything
 * is scheduled in a window. Both read the account's whole list; recycling runs a few times an hour
 * per account with it on, so that is bounded by the account's post count, not by traffic.
 */
async function accountPostsWhere(accountId: string, filter: string, names: Record<string, string>, values: Record<string, unknown>) {
  const items = await queryAll({
    IndexName: GSI1,
    KeyConditionExpression: 'gsi1pk = :pk',
    FilterExpression: filter,
    ExpressionAttributeNames: Object.keys(names).length ? names : undefined,
    ExpressionAttributeValues: { ':pk': postListKey(accountId, '', '').gsi1pk, ...values },
  });
  return items.map(toPost);
}

/** Every evergreen post of the account (first posts and their recycled copies). */
export const evergreenPosts = (accountId: string): Promise<Post[]> =>
  accountPostsWhere(accountId, 'evergreen = :true', {}, { ':true': true });

/** Whether a post of the account is scheduled (or publishing) with its time in [from, until]. */
export async function anyPostBetween(accountId: string, from: Date, until: Date): Promise<boolean> {
  const posts = await accountPostsWhere(
    accountId,
    '#status IN (:scheduled, :publishing) AND post_time BETWEEN :from AND :until',
    { '#status': 'status' },
    { ':scheduled': 'scheduled', ':publishing': 'publishing', ':from': from.toISOString(), ':until': until.toISOString() },
  );
  return posts.length > 0;
}
