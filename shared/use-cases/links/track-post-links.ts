import { config } from '#shared/config';
import type { Platform } from '#shared/domain/platforms';
import type { Post } from '#shared/domain/post';
import { campaignOf, newLinkCode, shortLinkUrl, utmTarget } from '#shared/domain/tracked-links';
import { logger } from '#shared/logger';
import type { LinkCard } from '#shared/platforms/link-cards/link-card';
import { rewriteLinks, trackableLinks } from '#shared/platforms/tracked-text';
import { clock } from '#shared/ports/clock';
import { getAccountSettings } from '#shared/store/account-settings';
import { CodeTaken, postLinkCodes, putTrackedLink } from '#shared/store/tracked-links';

/** What a platform receives once its links are tracked: the text and the card, pointing at the short links. */
export interface TrackedOutput {
  content: string;
  linkCard?: LinkCard;
}

/**
 * Whether a post tracks its links: its own `track_links` when it said, else the account's setting as
 * it stands at publication (docs/decisions/0276-track-links-resolved-at-publication.md).
 */
async function trackingOf(post: Post): Promise<{ track: boolean; campaign: string | undefined }> {
  const settings = post.track_links === true && post.utm_campaign ? undefined : await getAccountSettings(post.account_id);
  return {
    track: post.track_links ?? settings?.track_links ?? false,
    campaign: campaignOf(post.utm_campaign, settings?.utm_campaign),
  };
}

/**
 * The publish-time rewrite (docs/api.md, "Tracked links"): each http(s) link of the platform's text
 * replaced by its short link, one code per (post, platform, link), made once: a retry or a later run
 * finds the codes made before and sends the same text. The card keeps the original page's title,
 * description and thumbnail (it was fetched from the original) and points at the short link.
 */
export async function trackPostLinks(
  post: Post,
  platform: Platform,
  content: string,
  linkCard: LinkCard | undefined,
): Promise<TrackedOutput> {
  if (post.track_links === false) return { content, linkCard };
  const links = [...new Set(trackableLinks(content).map((link) => link.url))];
  const cardLink = linkCard?.url;
  if (cardLink && !links.includes(cardLink)) links.push(cardLink);
  // A text without links costs nothing more: the settings are read only for a post that has some.
  if (links.length === 0) return { content, linkCard };
  const { track, campaign } = await trackingOf(post);
  if (!track) return { content, linkCard };
  const codes = await postLinkCodes(post.id, platform);
  for (const original of links) {
    if (!codes.has(original)) codes.set(original, await newCode(post, platform, original, campaign));
  }
  const short = (original: string) => {
    const code = codes.get(original);
    return code === undefined ? undefined : shortLinkUrl(config.publicBaseUrl, code);
  };
  logger.info('links tracked', { platform, links: links.length });
  return {
    content: rewriteLinks(content, short),
    linkCard: linkCard && cardLink ? { ...linkCard, url: short(cardLink) ?? linkCard.url } : linkCard,
  };
}

/**
 * The text as it went out on a platform, for whoever must find the post again by its text (the
 * Bluesky first comment reads the thread's parts back): rewritten with the codes made at
 * publication, whatever the setting says now; as written when none were made.
 */
export async function publishedText(post: Post, platform: Platform, content: string): Promise<string> {
  if (post.track_links === false || trackableLinks(content).length === 0) return content;
  const codes = await postLinkCodes(post.id, platform);
  if (codes.size === 0) return content;
  return rewriteLinks(content, (original) => {
    const code = codes.get(original);
    return code === undefined ? undefined : shortLinkUrl(config.publicBaseUrl, code);
  });
}

/** A fresh code for a link (another one in the unlikely case the drawn one exists). */
async function newCode(post: Post, platform: Platform, original: string, campaign: string | undefined): Promise<string> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await putTrackedLink({
        code: newLinkCode(),
        account_id: post.account_id,
        post_id: post.id,
        platform,
        original,
        target: utmTarget(original, platform, campaign),
        created_at: clock.now().toISOString(),
      });
    } catch (error) {
      if (!(error instanceof CodeTaken) || attempt >= 3) throw error;
    }
  }
}
