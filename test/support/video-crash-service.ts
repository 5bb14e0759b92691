/**
 * `npm start` for the video crash test (test/slow/video-crash.test.ts), run as a child
 * process: the local stack on DATA_DIR with its own DynamoDB Local and the real publishers, the
 * Bluesky PDS and video service given by the test in BLUESKY_SERVICE_URL and
 * BLUESKY_VIDEO_SERVICE_URL. Prints `READY <pid>` for the test to SIGKILL this very process.
 */
import { runLocalStackChild } from './local-stack-child';

runLocalStackChild('video crash service');
