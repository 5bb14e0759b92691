import type { Media } from '#shared/domain/media';

/** The Media object (docs/api.md, "Media"): the stored media less its storage details. */
export type MediaView = Pick<
  Media,
  'id' | 'status' | 'content_type' | 'size_bytes' | 'width' | 'height' | 'alt_text' | 'created_at' | 'expires_at'
>;

export const toMediaView = (media: MediaView): MediaView => ({
  id: media.id,
  status: media.status,
  content_type: media.content_type,
  size_bytes: media.size_bytes,
  width: media.width,
  height: media.height,
  alt_text: media.alt_text,
  created_at: media.created_at,
  expires_at: media.expires_at,
});

/** What a post keeps of each image: the Media object plus where its variants are. */
export type PostMedia = MediaView & { variants: NonNullable<Media['variants']> };
