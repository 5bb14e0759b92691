import type { MediaItem } from '#shared/store/media';

/** The Media object of CONTRACT section 11: the stored media less its storage details. */
export interface MediaView {
  id: string;
  status: MediaItem['status'];
  content_type: MediaItem['content_type'];
  size_bytes: number;
  width: number | null;
  height: number | null;
  alt_text: string;
  created_at: string;
  expires_at: string | null;
}

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
export type PostMedia = MediaView & { variants: NonNullable<MediaItem['variants']> };
