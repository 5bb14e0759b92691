import { ALL_FORMATS, Input, IsobmffInputFormat, StreamSource } from 'mediabunny';
import type { VideoFacts } from '#shared/domain/video';

/**
 * Reads a video's container, codec, duration and dimensions with mediabunny (pure JavaScript),
 * through range reads of the stored object: only the boxes it needs (`ftyp`, `moov`, a sample
 * table) are fetched, so a 100 MB file never sits in memory (bench/media/complete-video.ts).
 */
export type RangeReader = (start: number, end: number) => Promise<Uint8Array>;

/** Bytes the reader may keep cached: enough for a `moov` box, far below the file. */
const CACHE_BYTES = 8 * 1024 * 1024;

/** The facts, or undefined when the bytes are not a video container the reader knows. */
export async function probeVideo(size: number, read: RangeReader): Promise<VideoFacts | undefined> {
  const input = new Input({
    formats: ALL_FORMATS,
    source: new StreamSource({ getSize: () => size, read: (start, end) => read(start, end), maxCacheSize: CACHE_BYTES }),
  });
  try {
    if (!(await input.canRead())) return undefined;
    const format = await input.getFormat();
    // Only ISO BMFF (MP4, and QuickTime's MOV which shares it) passes as video/mp4.
    if (!(format instanceof IsobmffInputFormat)) return undefined;
    const track = await input.getPrimaryVideoTrack();
    if (!track) return undefined;
    const durationSeconds = (await input.getDurationFromMetadata()) ?? (await input.computeDuration());
    return { container: format.name, codec: track.codec, durationSeconds, width: track.displayWidth, height: track.displayHeight };
  } catch {
    // A box the reader cannot parse: whatever it is, it is not a video we can publish.
    return undefined;
  } finally {
    input.dispose();
  }
}
