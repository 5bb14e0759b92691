/** The platforms a post can go to, in the order listings and errors name them. */
export const VALID_PLATFORMS = ['linkedin', 'bluesky'] as const;
export type Platform = (typeof VALID_PLATFORMS)[number];
