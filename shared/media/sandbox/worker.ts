import { jobs } from './jobs';
import { serve } from './worker-runtime';

/** The media worker's entry (started through run.ts; bundled as media-sandbox-worker.js for Lambda). */
serve(jobs);
