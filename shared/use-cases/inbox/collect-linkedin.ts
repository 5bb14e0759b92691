import type { WebhookEvent } from '#shared/domain/webhook';
import { INBOX_ACTIVITY_WINDOW_MS, inboxItemId, type InboxItem } from '#shared/domain/inbox';
import { linkedInAuthorUrn } from '#shared/platforms/linkedin/author';
import { listLinkedInComments, type LinkedInComment } from '#shared/platforms/linkedin/comment-threads';
import { clock } from '#shared/ports/clock';
import { putNewInboxItem } from '#shared/store/inbox-items';
import { queryAnalyticsEntries } from '#shared/store/post-metrics';
import { getPostItem } from '#shared/store/posts';
import { toPlatformProfile, type ProfileItem } from '#shared/store/profiles';
import { inboxEvent } from './events';

/**
 * One LinkedIn round for a profile (docs/api.md, "Inbox"): the comments on each of the account's
 * posts published on LinkedIn in the last 30 days, with the profile's author (the member, or the
 * page the profile posts as); the author's own comments (the first comment, our replies) are not
 * items. LinkedIn has no cursor for this: each comment is stored once by its derived id.
 */
export async function collectLinkedIn(
  profile: ProfileItem,
  announceReceived: boolean,
): Promise<{ created: InboxItem[]; events: WebhookEvent[] }> {
  const platformProfile = toPlatformProfile(profile);
  const ours = linkedInAuthorUrn(platformProfile);
  const created: InboxItem[] = [];
  const events: WebhookEvent[] = [];
  for (const { postId, urn } of await recentLinkedInPosts(profile.account_id)) {
    for (const comment of await listLinkedInComments(platformProfile, urn)) {
      if (comment.actor === ours || comment.parentComment) continue;
      const item = toItem(profile.account_id, postId, urn, comment);
      const event = announceReceived ? inboxEvent('inbox.received', item) : undefined;
      if (!(await putNewInboxItem(item, event))) continue;
      created.push(item);
      if (event) events.push(event);
    }
  }
  return { created, events };
}

/** The account's posts published on LinkedIn within the activity window, from their analytics entries. */
async function recentLinkedInPosts(accountId: string): Promise<{ postId: string; urn: string }[]> {
  const now = clock.now().getTime();
  const since = now - INBOX_ACTIVITY_WINDOW_MS;
  const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);
  const entries = await queryAnalyticsEntries(accountId, day(since), day(now));
  const posts: { postId: string; urn: string }[] = [];
  for (const entry of entries.filter((candidate) => candidate.platforms.includes('linkedin'))) {
    const result = (await getPostItem(entry.post_id))?.results.linkedin;
    if (result?.status !== 'published' || !result.platform_post_id) continue;
    if (result.published_at && Date.parse(result.published_at) < since) continue;
    posts.push({ postId: entry.post_id, urn: result.platform_post_id });
  }
  return posts;
}

function toItem(accountId: string, postId: string, urn: string, comment: LinkedInComment): InboxItem {
  return {
    id: inboxItemId(accountId, 'linkedin', comment.commentUrn),
    account_id: accountId,
    platform: 'linkedin',
    type: 'comment',
    post_id: postId,
    // The Social Actions API names the commenter by URN only (names need the member's consent).
    author: { id: comment.actor, handle: null, display_name: null, url: null },
    text: comment.text,
    url: `https://www.linkedin.com/feed/update/${urn}/?commentUrn=${encodeURIComponent(comment.commentUrn)}`,
    created_at: comment.createdAt,
    received_at: clock.now().toISOString(),
    status: 'new',
    version: 1,
    reply: null,
    source: { platform: 'linkedin', comment_urn: comment.commentUrn, object_urn: urn },
  };
}
