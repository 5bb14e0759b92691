/**
 * Child of the video bench (complete-video.ts): what POST /media/{id}/complete does to a stored
 * video, in a fresh process so its peak memory is that of the work alone: the probe through range
 * reads of the object storage, then the copy out of the uploads. Prints `{ms, maxRssMb, ...}`.
 */
import { LocalObjectStorage } from '#local/adapters/folder-object-storage';
import { probeVideo } from '#shared/media/video-probe';

async function main(): Promise<void> {
  const [root, key] = process.argv.slice(2) as [string, string];
  const storage = new LocalObjectStorage(root);
  const baselineRssMb = process.resourceUsage().maxRSS / 1024;
  let reads = 0;
  let bytesRead = 0;
  const started = performance.now();
  const size = (await storage.size(key))!;
  const facts = await probeVideo(size, async (start, end) => {
    reads += 1;
    bytesRead += end - start;
    return storage.readRange(key, start, end);
  });
  const probeMs = performance.now() - started;
  await storage.copy(key, `${key}-ready`);
  const ms = performance.now() - started;
  process.stdout.write(
    JSON.stringify({ size, facts, ms, probeMs, reads, bytesRead, maxRssMb: process.resourceUsage().maxRSS / 1024, baselineRssMb }),
  );
}

void main();
