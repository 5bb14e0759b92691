import { isCrawler, isLinkCode } from '#shared/domain/tracked-links';
import { utcDay } from '#shared/domain/post-metrics';
import { logger } from '#shared/logger';
import { clock } from '#shared/ports/clock';
import { addClick } from '#shared/store/link-clicks';
import { getTrackedLink } from '#shared/store/tracked-links';

/** Where a followed short link goes, and whether the request was counted as a click. */
export interface FollowedLink {
  target: string;
  counted: boolean;
}

/**
 * GET /l/{code} (docs/api.md, "Tracked links"): the link's target, and one click counted unless the
 * user agent is a crawler or a preview fetcher. Undefined for an unknown code. A counter write that
 * fails is logged and the redirect still goes out: losing a click is better than losing the visitor.
 */
export async function followLink(code: string | undefined, userAgent: string | undefined): Promise<FollowedLink | undefined> {
  if (!isLinkCode(code)) return undefined;
  const link = await getTrackedLink(code);
  if (!link) return undefined;
  logger.appendKeys({ post_id: link.post_id, account_id: link.account_id });
  if (isCrawler(userAgent)) return { target: link.target, counted: false };
  try {
    await addClick(link.post_id, link.platform, utcDay(clock.now().toISOString()));
    return { target: link.target, counted: true };
  } catch (error) {
    logger.error('click not counted', { code, error: error as Error });
    return { target: link.target, counted: false };
  }
}
