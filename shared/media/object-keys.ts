/** Object keys: raw uploads apart (the bucket's lifecycle rule expires them), variants per media. */
export const mediaKeys = (accountId: string, mediaId: string) => ({
  upload: `uploads/${accountId}/${mediaId}`,
  variant: (name: string) => `media/${accountId}/${mediaId}/${name}`,
});
