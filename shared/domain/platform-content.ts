import { DomainError } from '#shared/domain/errors';
import { type Platform } from '#shared/domain/platforms';

/** Per-platform text (docs/api.md, "Per-platform text, preview and link cards"): the text a platform receives instead of `content`. */
export type PlatformContent = Partial<Record<Platform, string>>;

/**
 * The cross-field rule the schema cannot state: every platform_content key must be one of the
 * post's platforms. Checked after INVALID_PLATFORMS (the platforms must be valid to compare
 * with) and before INVALID_SCHEDULED_TIME; the first stray key in the body's order is named.
 */
export function checkPlatformContent(platforms: readonly Platform[], platformContent: PlatformContent | undefined): void {
  const stray = Object.keys(platformContent ?? {}).find((name) => !platforms.includes(name as Platform));
  if (stray !== undefined) {
    throw new DomainError(
      'INVALID_FIELD',
      { field: `platform_content.${stray}` },
      {
        message: `Invalid field: platform_content.${stray} (${stray} is not one of the post's platforms)`,
      },
    );
  }
}

/** The text a platform receives: its own text when the post has one, else the shared content. */
export const textFor = (post: { content: string; platform_content?: PlatformContent }, platform: Platform): string =>
  post.platform_content?.[platform] ?? post.content;
