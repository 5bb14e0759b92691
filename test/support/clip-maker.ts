import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { ffmpegPath } from './ffmpeg-path';

/*
 * Clips made on the spot with the ffmpeg binary of the optional `@ffmpeg-installer/linux-x64`
 * package (nothing downloaded), into a temp folder removed by `cleanup()`. Free of jest's globals,
 * so the benches can make clips too (test/support/video-clips.ts adds the jest side).
 */

export interface Clips {
  dir: string;
  /** Encodes a clip with ffmpeg; returns its bytes. */
  make(name: string, args: string[]): Promise<Buffer>;
  cleanup(): void;
}

export function videoClips(): Clips {
  const dir = mkdtempSync(join(tmpdir(), 'sps-video-'));
  return {
    dir,
    make: async (name, args) => {
      const path = join(dir, name);
      await promisify(execFile)(ffmpegPath!, ['-loglevel', 'error', '-y', ...args, path]);
      return readFileSync(path);
    },
    cleanup: () => rmSync(dir, { recursive: true, force: true }),
  };
}

/** Test-pattern video (and a tone) of `seconds`, H.264 unless `codec` says otherwise, `size` WxH at `rate` fps. */
export function clipArgs(options: {
  seconds: number;
  size?: string;
  rate?: number;
  codec?: 'libx264' | 'libx265';
  audio?: boolean;
}): string[] {
  const { seconds, size = '320x180', rate = 25, codec = 'libx264', audio = true } = options;
  return [
    '-f', 'lavfi', '-i', `testsrc=size=${size}:rate=${rate}`,
    ...(audio ? ['-f', 'lavfi', '-i', 'sine=frequency=440'] : []),
    '-t', String(seconds),
    '-c:v', codec, '-pix_fmt', 'yuv420p',
    ...(codec === 'libx265' ? ['-tag:v', 'hvc1', '-x265-params', 'log-level=error'] : []),
    ...(audio ? ['-c:a', 'aac'] : []),
    '-movflags', '+faststart',
  ]; // prettier-ignore
}
