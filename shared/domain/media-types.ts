/** The image types the service takes (docs/api.md, "Media"). */
export const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
/** The video type the service takes (docs/api.md, "Video"): H.264 in MP4. */
export const VIDEO_TYPES = ['video/mp4'] as const;
/** The document type (docs/api.md, "Platform options"): a PDF, published as a LinkedIn document only. */
export const DOCUMENT_TYPES = ['application/pdf'] as const;
/** What POST /media may declare. */
export const MEDIA_TYPES = [...IMAGE_TYPES, ...VIDEO_TYPES, ...DOCUMENT_TYPES] as const;
export type ImageType = (typeof IMAGE_TYPES)[number];
export type MediaType = (typeof MEDIA_TYPES)[number];

export const isVideoType = (type: string): type is (typeof VIDEO_TYPES)[number] => (VIDEO_TYPES as readonly string[]).includes(type);

export const isDocumentType = (type: string): type is (typeof DOCUMENT_TYPES)[number] =>
  (DOCUMENT_TYPES as readonly string[]).includes(type);
