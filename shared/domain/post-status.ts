/** A post's lifecycle (CONTRACT section 5), in its own module so request schemas can name it without loading the store. */
export type PostStatus = 'scheduled' | 'publishing' | 'published' | 'partially_published' | 'failed';
export const POST_STATUSES: readonly PostStatus[] = ['scheduled', 'publishing', 'published', 'partially_published', 'failed'];
