/** A failure to read a post's figures back from a platform: logged with the post id, retried at the next collection. */
export class MetricsUnavailable extends Error {
  override name = 'MetricsUnavailable';
}
