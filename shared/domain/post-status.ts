/** A post's lifecycle (docs/api.md, "Posts"), in its own module so request schemas can name it without loading the store. */
export type PostStatus = 'draft' | 'scheduled' | 'publishing' | 'published' | 'partially_published' | 'failed';
export const POST_STATUSES: readonly PostStatus[] = ['draft', 'scheduled', 'publishing', 'published', 'partially_published', 'failed'];

/** A post whose publishing is over (nothing will be sent any more, unless it is retried). */
export const isFinalStatus = (status: PostStatus): boolean =>
  status === 'published' || status === 'partially_published' || status === 'failed';
