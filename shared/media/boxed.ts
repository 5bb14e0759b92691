import type { VideoFacts } from '#shared/domain/video';
import { isThumbnailFormat, ThumbnailRefused, type Thumbnail } from '#shared/platforms/link-cards/thumbnail';
import { ImageRejected, type MediaType, type PreparedImage, type Variant } from './image-variants';
import { MediaUnreadable, runInSandbox } from './sandbox/run';

/**
 * The service's way to parse untrusted bytes: each call runs in the media worker
 * (shared/media/sandbox/), so a hostile file costs at most the job's time and heap cap.
 * MediaUnreadable when it ran over them; the parsers' own refusals as they always were.
 */
const asBuffer = (bytes: Uint8Array) => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);

/** The video's facts (undefined: not an MP4 with a video track), read in ranges through `read`. */
export async function probeVideoInBox(
  size: number,
  read: (start: number, end: number) => Promise<Uint8Array>,
): Promise<VideoFacts | undefined> {
  const answer = await runInSandbox('probe-video', { size }, { read });
  if ('impossible' in answer) throw new MediaUnreadable(answer.impossible);
  return answer.facts;
}

/** prepareImage (shared/media/image-variants.ts) in the worker: ImageRejected as there. */
export async function prepareImageInBox(bytes: Buffer, declaredType: MediaType): Promise<PreparedImage> {
  const answer = await runInSandbox('prepare-image', { bytes, declaredType });
  if ('rejected' in answer) throw new ImageRejected(answer.rejected, answer.message);
  const { image } = answer;
  const variant = (cloned: Variant): Variant => ({ ...cloned, bytes: asBuffer(cloned.bytes) });
  return { ...image, linkedin: variant(image.linkedin), bluesky: variant(image.bluesky) };
}

/** A link card's thumbnail made in the worker; throws when the image is refused or unreadable. */
export async function makeThumbnailInBox(source: Buffer): Promise<Thumbnail> {
  // Judged here too, so an SVG or a TIFF never even reaches the worker (the job judges again).
  if (!isThumbnailFormat(source)) throw new ThumbnailRefused();
  const answer = await runInSandbox('make-thumbnail', { bytes: source });
  if ('refused' in answer) throw new Error(`thumbnail refused: ${answer.refused}`);
  return { ...answer.thumbnail, bytes: asBuffer(answer.thumbnail.bytes) };
}

/** A PDF's page count read in the worker (undefined: not a PDF pdf-lib can read). */
export async function countPdfPagesInBox(bytes: Buffer): Promise<number | undefined> {
  return (await runInSandbox('count-pdf-pages', { bytes })).pages;
}
