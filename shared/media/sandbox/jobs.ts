import type { VideoFacts } from '#shared/domain/video';
import { makeThumbnail, ThumbnailRefused } from '#shared/platforms/link-cards/thumbnail';
import { ImageRejected, prepareImage, type ImageRejection, type MediaType, type PreparedImage } from '../image-variants';
import { checkMp4Declarations, ImpossibleMp4 } from '../mp4-sanity';
import { countPdfPages } from '../pdf-pages';
import { probeVideo } from '../video-probe';
import type { Host } from './protocol';

/**
 * What a media worker can do (run by worker.ts, named by the service through run.ts). Each job
 * answers plain data: its refusals are answers, not exceptions, so they cross the thread intact.
 * Bytes cross as Uint8Array (a Buffer arrives as one); the service side wraps them again.
 */
const asBuffer = (bytes: Uint8Array) => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);

export type ProbeAnswer = { facts: VideoFacts | undefined } | { impossible: string };
export type PrepareAnswer = { image: PreparedImage } | { rejected: ImageRejection; message: string };
export type PdfPagesAnswer = { pages: number | undefined };
export type ThumbnailAnswer = { thumbnail: Awaited<ReturnType<typeof makeThumbnail>> } | { refused: string };

export const jobs = {
  async 'probe-video'(input: { size: number }, host: Host): Promise<ProbeAnswer> {
    try {
      await checkMp4Declarations(input.size, (start, end) => host.read(start, end));
    } catch (error) {
      if (error instanceof ImpossibleMp4) return { impossible: error.message };
      throw error;
    }
    return { facts: await probeVideo(input.size, (start, end) => host.read(start, end)) };
  },

  async 'prepare-image'(input: { bytes: Uint8Array; declaredType: MediaType }): Promise<PrepareAnswer> {
    try {
      return { image: await prepareImage(asBuffer(input.bytes), input.declaredType) };
    } catch (error) {
      if (error instanceof ImageRejected) return { rejected: error.reason, message: error.message };
      throw error;
    }
  },

  async 'count-pdf-pages'(input: { bytes: Uint8Array }): Promise<PdfPagesAnswer> {
    return { pages: await countPdfPages(input.bytes) };
  },

  async 'make-thumbnail'(input: { bytes: Uint8Array }): Promise<ThumbnailAnswer> {
    try {
      return { thumbnail: await makeThumbnail(asBuffer(input.bytes)) };
    } catch (error) {
      // Not an image we decode, or one that failed to decode: either way the card has no thumbnail.
      if (error instanceof ThumbnailRefused || error instanceof Error) return { refused: error.message };
      throw error;
    }
  },
};

export type Jobs = typeof jobs;
export type JobName = keyof Jobs;
