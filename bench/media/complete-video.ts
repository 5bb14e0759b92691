/**
 * Video bench (issue 31): `complete` on a video of about 100 MB (the largest accepted), time and
 * peak memory, from which the complete-media function's memory setting follows
 * (docs/performance.md, "Video"). The video is made with the ffmpeg of the optional
 * `@ffmpeg-installer/linux-x64` package in a temp folder: H.264 noise (incompressible, so the
 * bytes are real samples), its `moov` box written last as phones and cameras do (the worst case for
 * range reads). Run: `npx tsx bench/media/complete-video.ts`.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { ffmpegPath } from '../../test/support/ffmpeg-path';

const TARGET_BYTES = 99_000_000;

function main(): void {
  if (!ffmpegPath) throw new Error('no ffmpeg binary: install the optional package @ffmpeg-installer/linux-x64');
  const folder = mkdtempSync(join(tmpdir(), 'sps-bench-video-'));
  try {
    const key = 'uploads/bench/video';
    mkdirSync(join(folder, 'uploads', 'bench'), { recursive: true });
    const file = join(folder, key);
    const encodeStarted = performance.now();
    // prettier-ignore
    execFileSync(ffmpegPath, [
      '-loglevel', 'error', '-y', '-f', 'lavfi', '-i', 'testsrc=size=640x360:rate=25', '-t', '60',
      '-vf', 'noise=alls=100:allf=t', '-c:v', 'libx264', '-preset', 'ultrafast', '-qp', '10', '-pix_fmt', 'yuv420p',
      '-fs', String(TARGET_BYTES), '-f', 'mp4', file,
    ]);
    const encodeMs = performance.now() - encodeStarted;
    const runs = [1, 2, 3].map(() =>
      JSON.parse(
        execFileSync(process.execPath, ['--import', 'tsx', join(__dirname, 'complete-video-child.ts'), folder, key], { encoding: 'utf8' }),
      ),
    );
    console.log(JSON.stringify({ fileBytes: statSync(file).size, encodeMs: Math.round(encodeMs), loadavg: loadavg(), runs }, null, 2));
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

main();
