import type { WebhookEvent } from '#shared/domain/webhook';
import { inboxItemId, type InboxItem, type InboxItemType } from '#shared/domain/inbox';
import { logger } from '#shared/logger';
import { blueskyPostUrl, listNewNotifications, threadRootOf, type BlueskyNotification } from '#shared/platforms/bluesky/notifications';
import { openProfileSession, type ProfileSession } from '#shared/platforms/bluesky/session';
import { clock } from '#shared/ports/clock';
import { putNewInboxItem } from '#shared/store/inbox-items';
import { toPlatformProfile, updateProfileCredentials, type ProfileItem } from '#shared/store/profiles';
import { inboxEvent } from './events';
import { blueskyPostResolver } from './post-index';

/**
 * One Bluesky round for a profile (docs/api.md, "Inbox"): the notifications newer than the cursor,
 * each stored once as an item (its id derived from the notification's URI), resolved to our post
 * when it replies in, quotes or mentions within one of our threads. Answers the new cursor; throws
 * when the platform fails (the caller keeps the old cursor, so nothing is skipped).
 */
export async function collectBluesky(
  profile: ProfileItem,
  cursor: string | null,
  announceReceived: boolean,
): Promise<{ created: InboxItem[]; events: WebhookEvent[]; cursor: string | null }> {
  const session = await openProfileSession(toPlatformProfile(profile), profile.account_id);
  try {
    const page = await listNewNotifications(session, cursor);
    const resolve = blueskyPostResolver(profile.account_id);
    const created: InboxItem[] = [];
    const events: WebhookEvent[] = [];
    for (const notification of page.notifications) {
      const postId = await ourPost(session, notification, resolve);
      const item = toItem(profile.account_id, notification, postId ?? null);
      const event = announceReceived ? inboxEvent('inbox.received', item) : undefined;
      if (!(await putNewInboxItem(item, event))) continue;
      created.push(item);
      if (event) events.push(event);
    }
    return { created, events, cursor: page.newest };
  } finally {
    await keepSession(session, profile);
  }
}

/** The thread root the notification is about (a reply's root, a quote's quoted thread), as one of our posts. */
async function ourPost(session: ProfileSession, notification: BlueskyNotification, resolve: (uri: string) => Promise<string | undefined>) {
  const isOurs = (uri: string) => uri.startsWith(`at://${session.did}/`);
  if (notification.reason === 'quote' && notification.quoted) {
    const root = await threadRootOf(session, notification.quoted);
    return root ? resolve(root) : undefined;
  }
  const root = notification.reply?.root.uri;
  return root && isOurs(root) ? resolve(root) : undefined;
}

function toItem(accountId: string, notification: BlueskyNotification, postId: string | null): InboxItem {
  const { author } = notification;
  const handle = author.handle && author.handle !== 'handle.invalid' ? author.handle : null;
  return {
    id: inboxItemId(accountId, 'bluesky', notification.uri),
    account_id: accountId,
    platform: 'bluesky',
    type: notification.reason as InboxItemType,
    post_id: postId,
    author: { id: author.did, handle, display_name: author.displayName, url: `https://bsky.app/profile/${handle ?? author.did}` },
    text: notification.text,
    url: blueskyPostUrl(notification.uri, handle ?? undefined),
    created_at: new Date(notification.createdAt).toISOString(),
    received_at: clock.now().toISOString(),
    status: 'new',
    version: 1,
    reply: null,
    source: {
      platform: 'bluesky',
      uri: notification.uri,
      cid: notification.cid,
      root_uri: notification.reply?.root.uri ?? notification.uri,
      root_cid: notification.reply?.root.cid ?? notification.cid,
    },
  };
}

/** Keeps a session the round renewed (the PDS limits logins: reuse it next time). */
async function keepSession(session: ProfileSession, profile: ProfileItem): Promise<void> {
  try {
    const sealed = await session.renewedCredentials();
    if (sealed) await updateProfileCredentials(profile.account_id, 'bluesky', profile.id, sealed);
  } catch (error) {
    logger.warn('inbox: renewed Bluesky session not saved', { profile_id: profile.id, error: error as Error });
  }
}
