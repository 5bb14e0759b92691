import { readFileSync } from 'node:fs';
import type { Calibration } from './handler-calibration';
import { ASSUMPTIONS, shapes, simulate, type Bundle, type HandlerTimes, type ShapeFigures, type Variant } from './lateness-model';
import type { PostKindName } from './post-kinds';
import type { ItemSizes } from '../item-sizes';

/**
 * What `npm run bench:lateness` keeps of its run (bench/calibration-latest.json): the real handlers'
 * times per kind of post, the bundles' load time and the item sizes. `npm run bench:cost` prices the
 * model from it without any load, and the next bench:lateness run replaces it.
 */
export interface KindCalibrationFile {
  date: string;
  machine: { cpus: number; loadAverage: { start: number; end: number } };
  bundles: { publisher: Bundle; release: Bundle; createPost: Bundle; dispatcher: Bundle };
  kinds: {
    kind: PostKindName;
    posts: number;
    published: number;
    times: HandlerTimes;
    preparationMs: number[];
    createPostMs: number[];
    logBytesPerPost: Calibration['logBytesPerPost'];
  }[];
  sizes: ItemSizes & { webhookEvent: number };
}

export const CALIBRATION_FILE = 'bench/calibration-latest.json';

export const readCalibrationFile = (root: string): KindCalibrationFile =>
  JSON.parse(readFileSync(`${root}/${CALIBRATION_FILE}`, 'utf8')) as KindCalibrationFile;

/** The model's seed (bench/pipeline/model-phase.ts uses the same): the same handler times give the same figures. */
export const MODEL_SEED = 20261125;

/** Every shape of the model for one kind's handler times under one variant. */
export function kindFigures(times: HandlerTimes, variant: Variant, bundles: { publisher: Bundle; release: Bundle }): ShapeFigures[] {
  return shapes(MODEL_SEED).map((shape, index) => simulate(shape, variant, times, bundles, MODEL_SEED + index));
}

export const PLATFORM_TIMES_MS = [500, 1000, 1500, 3000];
export const SCALE_UPS_PER_MINUTE = [60, 300];

/** The model's sensitivity to its two load-bearing assumptions: the platform's answer time and the pollers' scale-up. */
export function sensitivity(
  times: HandlerTimes,
  variant: Variant,
  bundles: { publisher: Bundle; release: Bundle },
): { platformMs: number; scaleUpPerMinute: number; figures: ShapeFigures[] }[] {
  const saved = { platformMs: ASSUMPTIONS.platformMs, pollerScaleUpPerMinute: ASSUMPTIONS.pollerScaleUpPerMinute };
  const out: { platformMs: number; scaleUpPerMinute: number; figures: ShapeFigures[] }[] = [];
  try {
    for (const scaleUpPerMinute of SCALE_UPS_PER_MINUTE) {
      for (const platformMs of PLATFORM_TIMES_MS) {
        ASSUMPTIONS.platformMs = platformMs;
        ASSUMPTIONS.pollerScaleUpPerMinute = scaleUpPerMinute;
        out.push({ platformMs, scaleUpPerMinute, figures: kindFigures(times, variant, bundles) });
      }
    }
  } finally {
    Object.assign(ASSUMPTIONS, saved);
  }
  return out;
}
