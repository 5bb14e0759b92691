import { ffmpegPath } from './ffmpeg-path';

/*
 * Test clips (test/support/clip-maker.ts) and the jest side: where the ffmpeg binary is absent,
 * `describeWithFfmpeg` skips the suite and says why.
 */

export { ffmpegPath } from './ffmpeg-path';
export { clipArgs, videoClips, type Clips } from './clip-maker';

/** `describe`, or `describe.skip` with the reason printed where there is no ffmpeg binary. */
export function describeWithFfmpeg(name: string, body: () => void): void {
  if (ffmpegPath) return describe(name, body);
  console.warn(`skipped "${name}": no ffmpeg binary (the optional package @ffmpeg-installer/linux-x64 is not installed)`);
  describe.skip(name, body);
}
