import { randomUUID } from 'node:crypto';
import { config } from '#shared/config';
import { monthlyLimit } from '#shared/domain/plans';
import { pendingResult } from '#shared/domain/post-view';
import { usageMonth } from '#shared/domain/usage-month';
import { readPostingContext } from '#shared/store/posting-context';
import { type Post } from '#shared/domain/post';
import { putNewPostItem, queryAccountPosts, writeTransaction } from '#shared/store/posts';
import { listProfileItems } from '#shared/store/profiles';
import { countRequest } from '#shared/store/rate-limits';
import { incrementUsageItem } from '#shared/store/usage-counters';
import type { BenchAccount } from './fixtures';

/**
 * The floor: exactly the DynamoDB requests one API request makes, sent through the service's
 * own repositories and document client, with nothing around them (no HTTP, no middleware, no
 * validation, no JSON). What the service can never beat on this engine.
 */
export type FloorStep = () => Promise<void>;

/** API-key lookup and rate-limit count, one conditional write: the first request of every API call. */
async function authenticate(account: BenchAccount): Promise<string> {
  const { windowSeconds } = config.rateLimit;
  const windowStart = Math.floor(Date.now() / 1000 / windowSeconds) * windowSeconds;
  const key = await countRequest(account.keyHash, windowStart);
  if (!key) throw new Error('floor: key not found');
  return key.account_id;
}

/** GET /profiles: UpdateItem (key + rate), Query. */
export const listProfilesFloor =
  (account: BenchAccount): FloorStep =>
  async () => {
    const accountId = await authenticate(account);
    await listProfileItems(accountId);
  };

/** GET /posts?limit=20: UpdateItem (key + rate), Query on gsi1 (Limit 21). */
export const listPostsFloor =
  (account: BenchAccount): FloorStep =>
  async () => {
    const accountId = await authenticate(account);
    await queryAccountPosts(accountId, { limit: 20 });
  };

/** POST /posts (one platform, scheduled): UpdateItem (key + rate), BatchGetItem (4 keys), TransactWriteItems (post + counter). */
export const createPostFloor =
  (account: BenchAccount, content: string, scheduledFor: string): FloorStep =>
  async () => {
    const accountId = await authenticate(account);
    const now = new Date();
    const month = usageMonth(now).month;
    const context = await readPostingContext(accountId, month);
    if (!context.account) throw new Error('floor: account not found');
    const post: Post = {
      id: randomUUID(),
      account_id: accountId,
      content,
      platforms: ['bluesky'],
      status: 'scheduled',
      scheduled_for: scheduledFor,
      created_at: now.toISOString(),
      published_at: null,
      results: { bluesky: pendingResult() },
      post_time: scheduledFor,
    };
    await writeTransaction([putNewPostItem(post), incrementUsageItem(accountId, month, monthlyLimit(context.account))]);
  };
