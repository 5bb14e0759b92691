import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { photo } from '../test/support/images';
import { summarize, type LatencySummary } from './stats';

/**
 * Images (issue 15): the 6 MB, 4000x3000 photo with GPS EXIF through the local service, create →
 * PUT → complete, several times (upload-to-ready and complete alone, over HTTP); and complete's
 * work in a fresh process for its peak memory (what the complete-media function must hold).
 */
export interface MediaFigures {
  imageBytes: number;
  rounds: number;
  uploadToReadyMs: LatencySummary;
  completeMs: LatencySummary;
  isolated: { ms: number; maxRssMb: number; baselineRssMb: number };
}

export async function measureMedia(baseUrl: string, apiKey: string, rounds: number): Promise<MediaFigures> {
  const image = await photo(4000, 3000, { quality: 93 });
  const uploadToReady: number[] = [];
  const complete: number[] = [];
  for (let round = 0; round < rounds; round += 1) {
    const started = performance.now();
    const created = await fetch(`${baseUrl}/media`, {
      method: 'POST',
      headers: { 'x-api-key': apiKey, 'content-type': 'application/json' },
      body: JSON.stringify({ content_type: 'image/jpeg', size_bytes: image.length, alt_text: 'bench' }),
    });
    const { media, upload } = (await created.json()) as { media: { id: string }; upload: { url: string; headers: Record<string, string> } };
    const put = await fetch(upload.url, { method: 'PUT', headers: upload.headers, body: image });
    if (put.status !== 200) throw new Error(`upload answered ${put.status}`);
    const completeStarted = performance.now();
    const done = await fetch(`${baseUrl}/media/${media.id}/complete`, { method: 'POST', headers: { 'x-api-key': apiKey } });
    if (done.status !== 200) throw new Error(`complete answered ${done.status}: ${await done.text()}`);
    complete.push(performance.now() - completeStarted);
    uploadToReady.push(performance.now() - started);
  }
  const folder = mkdtempSync(join(tmpdir(), 'sps-bench-media-'));
  try {
    const file = join(folder, 'photo.jpg');
    writeFileSync(file, image);
    const output = execFileSync(process.execPath, ['--import', 'tsx', join(__dirname, 'media-complete-child.ts'), file, 'image/jpeg'], {
      encoding: 'utf8',
    });
    return {
      imageBytes: image.length,
      rounds,
      uploadToReadyMs: summarize(uploadToReady),
      completeMs: summarize(complete),
      isolated: JSON.parse(output),
    };
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}
