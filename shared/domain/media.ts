import type { MediaType } from './media-types';

/** An uploaded image as the service keeps it (docs/api.md, "Media"); shared/store/media.ts maps it to its item. */
export interface StoredVariant {
  key: string;
  content_type: string;
  width: number;
  height: number;
  size_bytes: number;
}

export interface Media {
  id: string;
  account_id: string;
  status: 'awaiting_upload' | 'ready';
  content_type: MediaType;
  size_bytes: number;
  width: number | null;
  height: number | null;
  alt_text: string;
  created_at: string;
  /** When unattached media disappears; null while a post uses it. */
  expires_at: string | null;
  upload_key: string;
  variants?: { linkedin: StoredVariant; bluesky: StoredVariant };
  /** A video's length in seconds (docs/api.md, "Video"); both variants are then the one video object. */
  duration_seconds?: number;
  /** The posts that use it (a DynamoDB string set; absent when none). */
  post_ids?: Set<string>;
}
