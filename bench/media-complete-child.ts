/**
 * Child of the media bench phase: prepares one image file (what POST /media/{id}/complete does
 * to the bytes) in a fresh process, so its peak memory is that of the work alone, and prints
 * `{ms, maxRssMb}` as JSON.
 */
import { readFileSync } from 'node:fs';
import { prepareImage, type MediaType } from '#shared/media/image-variants';

async function main(): Promise<void> {
  const [file, type] = process.argv.slice(2);
  const bytes = readFileSync(file!);
  const baseline = process.resourceUsage().maxRSS / 1024;
  const started = performance.now();
  await prepareImage(bytes, type as MediaType);
  const ms = performance.now() - started;
  process.stdout.write(JSON.stringify({ ms, maxRssMb: process.resourceUsage().maxRSS / 1024, baselineRssMb: baseline }));
}

void main();
