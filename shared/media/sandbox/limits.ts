/**
 * The bounds of one media worker and of each job (docs/decisions/0142-media-sandbox-limits.md).
 * The heap caps count JavaScript objects only: sharp's pixels live in libvips' native memory,
 * which `limitInputPixels` (40 megapixels) bounds instead.
 */
export const WORKER_LIMITS = {
  /** mediabunny's tables of a 3-minute 60 fps video take a few MB; the 2,838-byte bomb fills any cap. */
  maxOldGenerationSizeMb: 128,
  maxYoungGenerationSizeMb: 16,
  stackSizeMb: 4,
} as const;

/** Wall-clock bound per job, after which the worker is terminated (its event loop may be blocked). */
export const JOB_TIMEOUT_MS = {
  /** A 100 MB MP4's boxes read in ranges: well under a second (bench/media/complete-video.ts). */
  'probe-video': 8_000,
  /** A 40-megapixel image decoded and re-encoded, a few times when Bluesky's 1 MB needs it. */
  'prepare-image': 15_000,
  'make-thumbnail': 10_000,
  /** A PDF's objects parsed to reach its page tree: a 100 MB, 300-page file well within this. */
  'count-pdf-pages': 15_000,
} as const;

/** Workers busy at once per process; more jobs wait their turn (each worker may use its heap cap). */
export const MAX_BUSY_WORKERS = 2;
/** A worker is replaced after this many jobs, so no slow leak in a native library accumulates. */
export const JOBS_PER_WORKER = 100;
/** The largest single range a job may ask for: a `moov` box is far smaller (limits checked in mp4-sanity.ts). */
export const MAX_READ_BYTES = 64 * 1024 * 1024;
/** How long a fresh worker may take to load mediabunny and sharp (tsx compiles them first from the sources). */
export const START_TIMEOUT_MS = 20_000;
