import { randomInt } from 'node:crypto';
import { INBOX_ACTIVITY_WINDOW_MS, type InboxItem } from '#shared/domain/inbox';
import type { Platform } from '#shared/domain/platforms';
import type { WebhookEvent } from '#shared/domain/webhook';
import { logger } from '#shared/logger';
import { clock } from '#shared/ports/clock';
import { getCollectionState, queryActiveProfiles, recordCollectionRound } from '#shared/store/inbox-collection';
import { getProfileItem, listProfileItems, type ProfileItem } from '#shared/store/profiles';
import { collectBluesky } from './collect-bluesky';
import { collectLinkedIn } from './collect-linkedin';
import { wantsReceivedEvents } from './events';
import { finishOutstandingReplies } from './reply';
import { announce } from '#shared/use-cases/webhooks/events';

/** Profiles collected at once by the scheduled round: the platforms' rate limits matter more than speed. */
const ROUND_CONCURRENCY = 4;
/** The round takes no new profile after this long (the function's timeout is 29 s); the rest wait for the next round. */
const ROUND_BUDGET_MS = 20_000;

/**
 * One collection round of a profile (docs/decisions/0240-inbox-collection.md): what came back since
 * the last round, stored once per thing. A platform failure is logged with the profile and the
 * round ends without moving the cursor, so the next round takes what this one missed. Answers the
 * items that were new.
 */
export async function collectProfile(profile: ProfileItem, reason: 'schedule' | 'refresh'): Promise<InboxItem[]> {
  const { account_id: accountId, platform } = profile;
  const state = await getCollectionState(accountId, platform);
  const announceReceived = await wantsReceivedEvents(accountId);
  const startedAt = clock.now();
  let created: InboxItem[];
  let events: WebhookEvent[];
  try {
    if (platform === 'bluesky') {
      const round = await collectBluesky(profile, state.cursor, announceReceived);
      ({ created, events } = round);
      await recordCollectionRound(accountId, platform, startedAt, round.cursor);
    } else {
      ({ created, events } = await collectLinkedIn(profile, announceReceived));
      await recordCollectionRound(accountId, platform, startedAt, null);
    }
  } catch (error) {
    logger.warn('inbox: collection failed; the cursor is kept and the next round tries again', {
      account_id: accountId,
      profile_id: profile.id,
      platform,
      reason,
      error: error as Error,
    });
    await recordCollectionRound(accountId, platform, startedAt).catch(() => undefined);
    return [];
  }
  if (created.length)
    logger.info('inbox: items received', { account_id: accountId, profile_id: profile.id, platform, reason, count: created.length });
  // Written with their items (the outbox); handed to the dispatcher now that they committed.
  if (events.length) announce(...events);
  return created;
}

/** Every connected profile of the account, now (POST /inbox/refresh), and the replies a stopped run left. */
export async function collectAccount(accountId: string): Promise<InboxItem[]> {
  await finishOutstandingReplies(accountId);
  const profiles = (await listProfileItems(accountId)).filter((profile) => !profile.needs_reconnect);
  const rounds = await Promise.all(profiles.map((profile) => collectProfile(profile, 'refresh')));
  return rounds.flat();
}

/**
 * The scheduled round (every 5 minutes): each profile with a publication in the last 30 days, a
 * few at a time, in a random order so that a round cut short by its time budget leaves different
 * profiles each time (docs/decisions/0240-inbox-collection.md: past about a hundred active
 * profiles per round, the round becomes a queue fan-out).
 */
export async function collectActiveProfiles(): Promise<{ collected: number; left: number }> {
  const now = clock.now();
  const active = await queryActiveProfiles(new Date(now.getTime() - INBOX_ACTIVITY_WINDOW_MS));
  let collected = 0;
  const queue = shuffled(active);
  const startedAt = Date.now();
  const worker = async () => {
    for (let next = queue.shift(); next && Date.now() - startedAt < ROUND_BUDGET_MS; next = queue.shift()) {
      try {
        const profile = await getProfileItem(next.account_id, next.platform as Platform);
        if (!profile || profile.needs_reconnect) continue;
        await finishOutstandingReplies(next.account_id);
        await collectProfile(profile, 'schedule');
        collected += 1;
      } catch (error) {
        logger.warn('inbox: profile skipped this round', { account_id: next.account_id, platform: next.platform, error: error as Error });
      }
    }
  };
  await Promise.all(Array.from({ length: ROUND_CONCURRENCY }, worker));
  if (queue.length) logger.warn('inbox: round out of time; the rest wait for the next round', { left: queue.length });
  logger.info('inbox: scheduled round done', { active: active.length, collected });
  return { collected, left: queue.length };
}

function shuffled<T>(items: T[]): T[] {
  const copy = [...items];
  for (let index = copy.length - 1; index > 0; index -= 1) {
    const other = randomInt(index + 1);
    [copy[index], copy[other]] = [copy[other]!, copy[index]!];
  }
  return copy;
}
