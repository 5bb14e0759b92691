import { randomUUID } from 'node:crypto';
import { config } from '#shared/config';
import type { AuditActor } from '#shared/domain/audit';
import { DomainError } from '#shared/domain/errors';
import { replyTextProblem, toInboxItemView, type InboxItem, type InboxItemView, type InboxReply } from '#shared/domain/inbox';
import type { KeyScope } from '#shared/domain/key-scopes';
import { scopeAllows } from '#shared/domain/key-scopes';
import { backoffDelayMs } from '#shared/domain/retry-backoff';
import { logger } from '#shared/logger';
import { replyOnBluesky } from '#shared/platforms/bluesky/inbox-reply';
import { findLinkedInReply, replyOnLinkedIn, type LinkedInReplyRequest } from '#shared/platforms/linkedin/comment-threads';
import type { PublishOutcome } from '#shared/platforms/publisher';
import { clock } from '#shared/ports/clock';
import {
  getInboxItem,
  markInboxReplyDispatching,
  putInboxReply,
  queryOutstandingReplies,
  reclaimInboxReply,
  recordInboxReply,
  type StoredInboxReply,
  type VersionedChange,
} from '#shared/store/inbox-items';
import { getProfileItem, toPlatformProfile } from '#shared/store/profiles';
import { keepRenewal } from '../profile-renewal';
import { announce } from '#shared/use-cases/webhooks/events';
import { inboxEventFor } from './events';
import { ownInboxItem } from './items';
import { checkExpectedVersion, type ExpectedVersion } from '#shared/domain/version-check';

/**
 * Replies from the inbox (docs/api.md, "Inbox"), published exactly once under the first comment's
 * discipline: the reply is claimed on the item (with the account's marker and the audit entry, one
 * transaction) before any platform call, marked just before the call, and recorded over the claim.
 * A run that stops between the call and the record leaves the claim: the next collection round
 * takes it over once its lease has passed and looks on the platform before calling again (Bluesky:
 * the reply's record key is derived from the item, so repeating it finds it there; LinkedIn: the
 * replies under the comment are read for ours).
 */
export interface ReplyCaller {
  scope: KeyScope;
  actor: AuditActor;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** POST /inbox/{id}/reply: a draft (a `draft` key may propose one), or the reply published now (`write`). */
export async function replyToInboxItem(
  accountId: string,
  itemId: string,
  request: { content: string; draft?: boolean },
  caller: ReplyCaller,
): Promise<{ item: InboxItemView }> {
  const item = await ownInboxItem(accountId, itemId);
  if (!request.draft && !scopeAllows(caller.scope, 'write'))
    throw new DomainError(
      'INSUFFICIENT_SCOPE',
      { required_scope: 'write' },
      {
        message: "This API key's scope does not allow this: publishing a reply needs a write key (a draft key may send draft: true)",
      },
    );
  const problem = replyTextProblem(item.platform, request.content);
  if (problem) throw new DomainError('INVALID_FIELD', { field: 'content' }, { message: `Invalid field: content (${problem})` });
  const audit = {
    actor: caller.actor,
    action: 'inbox.replied' as const,
    target: { type: 'inbox_item' as const, id: item.id },
    version: item.version + 1,
    details: { status: request.draft ? 'draft' : 'publishing', platform: item.platform },
  };
  if (request.draft) {
    const change = await putInboxReply(item, { status: 'draft', content: request.content, url: null, error: null }, { audit });
    return { item: toInboxItemView(changed(change)) };
  }
  const claimId = randomUUID();
  const claim = {
    status: 'publishing' as const,
    content: request.content,
    url: null,
    error: null,
    claim_id: claimId,
    claimed_at: clock.now().toISOString(),
  };
  const claimed = changed(await putInboxReply(item, claim, { audit }));
  return { item: toInboxItemView(await publishClaimedReply(claimed, claimId, false)) };
}

/** POST /inbox/{id}/reply/approve: the draft reply published as it stands, at the version the caller saw. */
export async function approveInboxReply(
  accountId: string,
  itemId: string,
  expected: ExpectedVersion | undefined,
  caller: ReplyCaller,
): Promise<{ item: InboxItemView }> {
  const item = await ownInboxItem(accountId, itemId);
  // The write below is conditional on this read's version, so an edit in between is caught there.
  checkExpectedVersion(expected, item.version);
  if (item.reply?.status !== 'draft') throw notADraft(item);
  const claimId = randomUUID();
  const claim = { ...draftOf(item.reply), status: 'publishing' as const, claim_id: claimId, claimed_at: clock.now().toISOString() };
  const audit = {
    actor: caller.actor,
    action: 'inbox.replied' as const,
    target: { type: 'inbox_item' as const, id: item.id },
    version: item.version + 1,
    details: { status: 'publishing', approved: true, platform: item.platform },
  };
  const claimed = changed(await putInboxReply(item, claim, { expectedVersion: item.version, onlyOver: 'draft', audit }));
  return { item: toInboxItemView(await publishClaimedReply(claimed, claimId, false)) };
}

const draftOf = (reply: InboxReply): InboxReply => ({ status: 'draft', content: reply.content, url: null, error: null });

function notADraft(item: InboxItem): DomainError {
  const status = item.reply?.status ?? 'none';
  return new DomainError(
    'INVALID_POST_STATE',
    { status },
    { message: `Not possible while the item's reply is ${status}: only a draft reply is approved` },
  );
}

function changed(change: VersionedChange): InboxItem {
  if ('changed' in change) return change.changed;
  if (change.refused === 'gone') throw new DomainError('NOT_FOUND');
  if (change.refused === 'version') throw new DomainError('VERSION_MISMATCH', { current_version: change.current });
  const status = change.item.reply?.status ?? 'none';
  throw new DomainError('INVALID_POST_STATE', { status }, { message: `Not possible while the item's reply is ${status}` });
}

/** Publishes a reply this run claimed, and records its outcome (with its event). `tookOver`: a stopped run may have called already. */
async function publishClaimedReply(item: InboxItem, claimId: string, tookOver: boolean): Promise<InboxItem> {
  const reply = item.reply as StoredInboxReply;
  const outcome = await callPlatform(item, reply.content, claimId, tookOver);
  const stored: InboxReply = outcome.ok
    ? { status: 'published', content: reply.content, url: outcome.url, error: null }
    : { status: 'failed', content: reply.content, url: null, error: { code: outcome.code, message: outcome.message } };
  const after = { ...item, reply: stored, status: outcome.ok ? ('answered' as const) : item.status, version: item.version + 1 };
  const event = await inboxEventFor(outcome.ok ? 'inbox.reply_published' : 'inbox.reply_failed', after);
  const recorded = await recordInboxReply(item, stored, claimId, event);
  logger.info('inbox reply result', {
    inbox_item_id: item.id,
    platform: item.platform,
    result: stored.status,
    error_code: stored.error?.code,
  });
  if (!recorded) return (await getInboxItem(item.id)) ?? after;
  if (event) announce(event);
  return recorded;
}

async function callPlatform(item: InboxItem, text: string, claimId: string, tookOver: boolean): Promise<PublishOutcome> {
  const found = await getProfileItem(item.account_id, item.platform);
  if (!found) return { ok: false, code: 'PROFILE_DISCONNECTED', message: `No ${item.platform} profile is connected`, retryable: false };
  let profile = toPlatformProfile(found);
  const source = item.source;
  if (source.platform === 'linkedin') {
    const request: LinkedInReplyRequest = { profile, objectUrn: source.object_urn, parentCommentUrn: source.comment_urn, text };
    if (tookOver) {
      try {
        const there = await findLinkedInReply(request);
        if (there) return there;
      } catch (error) {
        return {
          ok: false,
          code: 'PLATFORM_OUTCOME_UNKNOWN',
          message: `A previous attempt stopped mid-reply and LinkedIn could not be checked: ${(error as Error).message}`,
          retryable: false,
        };
      }
    }
    await markInboxReplyDispatching(item.id, claimId, clock.now());
    return withRetries(() => replyOnLinkedIn(request));
  }
  await markInboxReplyDispatching(item.id, claimId, clock.now());
  return withRetries(async () => {
    const answered = await replyOnBluesky({
      profile,
      accountId: item.account_id,
      itemId: item.id,
      keyTime: new Date(item.received_at),
      text,
      root: { uri: source.root_uri, cid: source.root_cid },
      parent: { uri: source.uri, cid: source.cid },
    });
    const kept = await keepRenewal(profile, answered, item.id);
    profile = kept.profile;
    return kept.outcome;
  });
}

async function withRetries(call: () => Promise<PublishOutcome>): Promise<PublishOutcome> {
  const { maxAttempts } = config.publishing;
  for (let attempt = 1; ; attempt += 1) {
    const outcome = await call();
    if (outcome.ok || !outcome.retryable || attempt >= maxAttempts) return outcome;
    await sleep(backoffDelayMs(attempt, config.publishing, outcome.retryAfterSeconds));
  }
}

/**
 * The replies of the account a stopped run left `publishing` past their lease: taken over and
 * finished (each once: the takeover is a conditional write). Never throws for one reply.
 */
export async function finishOutstandingReplies(accountId: string): Promise<void> {
  const now = clock.now();
  const staleBefore = new Date(now.getTime() - config.publishing.claimLeaseMs);
  for (const itemId of await queryOutstandingReplies(accountId)) {
    try {
      const claimId = randomUUID();
      const previous = await reclaimInboxReply(itemId, claimId, now, staleBefore);
      if (!previous) continue;
      const item = await getInboxItem(itemId);
      if (!item) continue;
      logger.warn('inbox: finishing a reply a stopped run left', {
        inbox_item_id: itemId,
        dispatched: previous.dispatched_at !== undefined,
      });
      await publishClaimedReply(item, claimId, previous.dispatched_at !== undefined);
    } catch (error) {
      logger.warn('inbox: an outstanding reply was not finished this round', { inbox_item_id: itemId, error: error as Error });
    }
  }
}
