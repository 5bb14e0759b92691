import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { extname, join } from 'node:path';
import sharp from 'sharp';
import { makeThumbnailInBox, prepareImageInBox, probeVideoInBox } from '#shared/media/boxed';
import { ImageRejected, type MediaType } from '#shared/media/image-variants';
import { JOB_TIMEOUT_MS } from '#shared/media/sandbox/limits';
import { closeMediaSandbox, MediaUnreadable } from '#shared/media/sandbox/run';
import { ThumbnailRefused } from '#shared/platforms/link-cards/thumbnail';
import { mutate, pngWithDimensions, type Mutant } from '../support/media-mutators';
import { seededRandom } from '../support/seeded-random';
import { clipArgs, ffmpegPath, videoClips } from '../support/video-clips';

/**
 * The fuzz lane for untrusted media (issue 38, item 2): fixed-seed mutants of a small MP4, JPEG,
 * PNG and WebP through the same sandboxed parsers `complete` and link cards use. Each mutant must
 * be answered (parsed, refused, or unreadable) within its job's bound, with the process alive.
 * The seeds, and any mutant that ever failed, live in test/fixtures/media-regressions/ and are
 * replayed first; a new failure is written there to be kept.
 */
const MUTANTS_PER_FORMAT = Number(process.env.MEDIA_FUZZ_MUTANTS ?? 500);
const FIXTURES = join(__dirname, '..', 'fixtures', 'media-regressions');
/** The job's own timeout, plus a fresh worker's start after one was terminated (tsx compiles it). */
const MARGIN_MS = 10_000;
const TYPES: Record<string, MediaType | 'video/mp4'> = {
  '.mp4': 'video/mp4',
  '.jpg': 'image/jpeg',
  '.png': 'image/png',
  '.webp': 'image/webp',
};
type Kind = 'mp4' | 'jpeg' | 'png' | 'webp';
const EXTENSION: Record<Kind, string> = { mp4: '.mp4', jpeg: '.jpg', png: '.png', webp: '.webp' };

/** What the service makes of the bytes: an answer's name, or a thrown failure (the finding). */
async function answer(bytes: Buffer, type: MediaType | 'video/mp4', thumbnail: boolean): Promise<string> {
  try {
    if (type === 'video/mp4') {
      const facts = await probeVideoInBox(bytes.length, async (start, end) => bytes.subarray(start, end));
      return facts ? 'video' : 'not_a_video';
    }
    if (thumbnail) {
      // A thumbnail refused is an answer (the card goes without one); anything else thrown is a finding.
      await makeThumbnailInBox(bytes).catch((error: Error) =>
        error instanceof ThumbnailRefused || error.message.startsWith('thumbnail refused') ? undefined : Promise.reject(error),
      );
    }
    await prepareImageInBox(bytes, type);
    return 'image';
  } catch (error) {
    if (error instanceof ImageRejected) return error.reason;
    if (error instanceof MediaUnreadable) return 'unreadable';
    throw error;
  }
}

async function bounded(bytes: Buffer, type: MediaType | 'video/mp4', thumbnail = false): Promise<{ outcome: string; ms: number }> {
  const started = Date.now();
  const outcome = await answer(bytes, type, thumbnail).catch((error: Error) => `FAILED ${error.name}: ${error.message}`);
  return { outcome, ms: Date.now() - started };
}

const bound = (type: string, thumbnail: boolean) =>
  (type === 'video/mp4'
    ? JOB_TIMEOUT_MS['probe-video']
    : JOB_TIMEOUT_MS['prepare-image'] + (thumbnail ? JOB_TIMEOUT_MS['make-thumbnail'] : 0)) + MARGIN_MS;

/** The seed files: kept in the fixtures once made, so every run mutates the same bytes. */
async function seeds(): Promise<Partial<Record<Kind, Buffer>>> {
  mkdirSync(FIXTURES, { recursive: true });
  const picture = sharp({ create: { width: 48, height: 32, channels: 4, background: { r: 200, g: 80, b: 20, alpha: 0.8 } } }).composite([
    { input: Buffer.from('<svg width="48" height="32"><circle cx="16" cy="16" r="12" fill="blue"/></svg>'), left: 0, top: 0 },
  ]);
  const makers: Record<Kind, () => Promise<Buffer | undefined>> = {
    jpeg: () => picture.clone().jpeg({ quality: 80 }).toBuffer(),
    png: () => picture.clone().png().toBuffer(),
    webp: () => picture.clone().webp({ quality: 80 }).toBuffer(),
    mp4: async () => {
      if (!ffmpegPath) return undefined;
      const clips = videoClips();
      try {
        return await clips.make('seed.mp4', clipArgs({ seconds: 1, size: '64x36', audio: false }));
      } finally {
        clips.cleanup();
      }
    },
  };
  const found: Partial<Record<Kind, Buffer>> = {};
  for (const kind of Object.keys(makers) as Kind[]) {
    const path = join(FIXTURES, `seed${EXTENSION[kind]}`);
    if (!existsSync(path)) {
      const made = await makers[kind]();
      if (made) writeFileSync(path, made);
    }
    if (existsSync(path)) found[kind] = readFileSync(path);
  }
  return found;
}

describe('media fuzz', () => {
  let seedFiles: Partial<Record<Kind, Buffer>>;
  const started = Date.now();

  beforeAll(async () => {
    seedFiles = await seeds();
  }, 60_000);
  afterAll(async () => {
    console.log(`media fuzz: ${Math.round((Date.now() - started) / 1000)} s in all`);
    await closeMediaSandbox();
  });

  it('answers every kept regression case within its bound', async () => {
    const files = readdirSync(FIXTURES).filter((name) => TYPES[extname(name)]);
    expect(files.length).toBeGreaterThanOrEqual(3);
    for (const name of files) {
      const type = TYPES[extname(name)];
      const { outcome, ms } = await bounded(readFileSync(join(FIXTURES, name)), type, true);
      expect({ name, outcome }).toEqual({ name, outcome: expect.not.stringMatching(/^FAILED/) });
      expect(ms).toBeLessThan(bound(type, true));
    }
  }, 600_000);

  it('refuses decompression bombs by their declared pixels before decoding them', async () => {
    const png = seedFiles.png!;
    // 50,000 x 50,000: 2.5 gigapixels declared in a file of a few hundred bytes.
    expect((await bounded(pngWithDimensions(png, 50_000, 50_000), 'image/png', true)).outcome).toBe('too_many_pixels');
    // A real one: a flat 7,000 x 7,000 PNG compresses to little and would decode to 147 MB.
    const flat = await sharp({ create: { width: 7000, height: 7000, channels: 3, background: '#c81e3c' } })
      .png({ compressionLevel: 9 })
      .toBuffer();
    expect((await bounded(flat, 'image/png', true)).outcome).toBe('too_many_pixels');
  }, 120_000);

  it.each(['mp4', 'jpeg', 'png', 'webp'] as const)(
    `answers ${MUTANTS_PER_FORMAT} fixed-seed mutants of the %s seed, each within its bound, the process alive`,
    async (kind) => {
      const seed = seedFiles[kind];
      if (!seed) return console.warn(`media fuzz: no ${kind} seed (no ffmpeg binary): skipped`);
      const type = TYPES[EXTENSION[kind]];
      const random = seededRandom(0x38_000 + kind.length * 7919 + kind.charCodeAt(0));
      const outcomes = new Map<string, number>();
      const failures: string[] = [];
      const kindStarted = Date.now();
      for (let index = 0; index < MUTANTS_PER_FORMAT; index += 1) {
        const mutant: Mutant = mutate(kind, seed, random);
        // One mutant in five also goes through the link-card thumbnail path.
        const thumbnail = type !== 'video/mp4' && index % 5 === 0;
        const { outcome, ms } = await bounded(mutant.bytes, type, thumbnail);
        const key = outcome.startsWith('FAILED') ? 'FAILED' : outcome;
        outcomes.set(key, (outcomes.get(key) ?? 0) + 1);
        if (outcome.startsWith('FAILED') || ms >= bound(type, thumbnail)) {
          const name = `${kind}-mutant-${index}${EXTENSION[kind]}`;
          writeFileSync(join(FIXTURES, name), mutant.bytes);
          failures.push(`${name} (${mutant.how}): ${outcome} in ${ms} ms`);
        }
      }
      console.log(`media fuzz ${kind}: ${MUTANTS_PER_FORMAT} mutants in ${Date.now() - kindStarted} ms`, Object.fromEntries(outcomes));
      expect(failures).toEqual([]);
      expect(process.memoryUsage().heapUsed).toBeLessThan(1024 * 1024 * 1024);
    },
    1_800_000,
  );
});
