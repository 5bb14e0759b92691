/** The image types the service takes (docs/api.md, "Media"): what POST /media may declare. */
export const MEDIA_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
export type MediaType = (typeof MEDIA_TYPES)[number];
