import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';

/**
 * The ffmpeg binary of the optional `@ffmpeg-installer/linux-x64` package (nothing downloaded), or
 * undefined where it is not installed. On its own, free of jest's globals, because the benches
 * import it too and they compile under the production tsconfig.json, which has no jest types
 * (docs/decisions/0124).
 */
function findFfmpeg(): string | undefined {
  try {
    const path = join(createRequire(__filename).resolve('@ffmpeg-installer/linux-x64/package.json'), '..', 'ffmpeg');
    return existsSync(path) ? path : undefined;
  } catch {
    return undefined;
  }
}

export const ffmpegPath = findFfmpeg();
