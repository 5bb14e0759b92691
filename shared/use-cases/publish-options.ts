import type { Platform } from '#shared/domain/platforms';
import type { Post } from '#shared/domain/post';
import type { PublishOptions } from '#shared/platforms/publisher';
import { objectStorage } from '#shared/ports/registry';

/**
 * A post's platform options as the platform's adapter receives them (docs/api.md, "Platform
 * options"), or undefined when the post has none for that platform. The document's bytes are
 * read only when the adapter asks (after its credentials were found usable).
 */
export function publishOptionsFor(post: Post, platform: Platform): PublishOptions | undefined {
  if (platform === 'bluesky') {
    const bluesky = post.platform_options?.bluesky;
    return bluesky ? { bluesky, ...(post.bluesky_refs ? { blueskyRefs: post.bluesky_refs } : {}) } : undefined;
  }
  const linkedin = post.platform_options?.linkedin;
  if (!linkedin) return undefined;
  const stored = post.linkedin_document;
  const document =
    linkedin.document && stored
      ? {
          mediaId: stored.id,
          title: linkedin.document.title,
          sizeBytes: stored.variants.linkedin.size_bytes,
          read: async () => {
            const { key, size_bytes: size } = stored.variants.linkedin;
            const bytes = await (await objectStorage()).read(key, size);
            if (!bytes) throw new Error(`the document ${stored.id} is missing from storage`);
            return bytes;
          },
        }
      : undefined;
  return { linkedin, ...(document ? { document } : {}) };
}
