import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ChildServices, type ChildService } from '../support/child-service';
import { eventually } from '../support/eventually';
import { startTestPds, type TestPds } from '../support/pds';
import { registerSecret } from '../support/secret-registry';
import { clipArgs, describeWithFfmpeg, videoClips, type Clips } from '../support/video-clips';
import { startVideoService, type TestVideoService } from '../support/video-service';

/**
 * Acceptance (issue 31): the service is killed (SIGKILL) while Bluesky's video service is still
 * processing the post's video, after the job was recorded; after a restart the post is published
 * once and the video was uploaded to the video service once (the job is resumed, not redone).
 * The service runs as `npm start` does (test/support/video-crash-service.ts), against a real PDS.
 */
describeWithFfmpeg('a crash while Bluesky processes the video', () => {
  let pds: TestPds;
  let videoService: TestVideoService;
  let clips: Clips;
  let dataDir: string;
  const services = new ChildServices();

  function start(): Promise<ChildService> {
    return services.start({
      script: 'test/support/video-crash-service.ts',
      env: {
        DATA_DIR: dataDir,
        LOG_LEVEL: 'WARN',
        BLUESKY_SERVICE_URL: pds.url,
        BLUESKY_VIDEO_SERVICE_URL: videoService.url,
        BLUESKY_VIDEO_POLL_MS: '20',
        // The killed run's claim on Bluesky must lapse before the restart takes the platform over.
        PUBLISH_CLAIM_LEASE_MS: '10000',
        // The test polls the post every 100 ms past the lease: the API's rate limit (100 a minute) would answer 429 instead.
        RATE_LIMIT_REQUESTS: '100000',
      },
      unset: ['DYNAMODB_ENDPOINT', 'TABLE_NAME', 'PUBLIC_BASE_URL'],
      ready: /READY \d+/,
      detached: true,
    });
  }

  beforeAll(async () => {
    clips = videoClips();
    dataDir = services.track(mkdtempSync(join(tmpdir(), 'sps-video-crash-')));
    pds = await startTestPds();
    videoService = await startVideoService({ pdsUrl: pds.url, plcUrl: pds.plcUrl });
  }, 60_000);
  afterAll(async () => {
    await services.cleanup();
    await videoService?.stop();
    await pds?.stop();
    clips?.cleanup();
  });

  it('SIGKILL mid-job: after a restart the post is published once and the video was uploaded once', async () => {
    const alice = await pds.createUser('crash');
    const bytes = await clips.make('crash.mp4', clipArgs({ seconds: 3, size: '160x90' }));
    videoService.hold();

    const first = await start();
    const apiKey = /api key: (sk_[A-Za-z0-9_-]{43})/.exec(first.output())![1];
    registerSecret(apiKey);
    const call = async (baseUrl: string, method: string, path: string, body?: unknown) => {
      const response = await fetch(`${baseUrl}${path}`, {
        method,
        headers: { 'x-api-key': apiKey, ...(body ? { 'content-type': 'application/json' } : {}) },
        body: body ? JSON.stringify(body) : undefined,
      });
      // eslint-disable-next-line @typescript-eslint/no-explicit-any
      const json: any = response.status === 204 ? undefined : await response.json();
      return { status: response.status, json };
    };
    expect((await call(first.baseUrl, 'POST', '/profiles/bluesky', { handle: alice.handle, app_password: alice.appPassword })).status).toBe(
      201,
    );
    const created = await call(first.baseUrl, 'POST', '/media', {
      content_type: 'video/mp4',
      size_bytes: bytes.length,
      alt_text: 'Crash test',
    });
    expect(created.status).toBe(201);
    expect((await fetch(created.json.upload.url, { method: 'PUT', headers: created.json.upload.headers, body: bytes })).status).toBe(200);
    expect((await call(first.baseUrl, 'POST', `/media/${created.json.media.id}/complete`)).status).toBe(200);
    const post = await call(first.baseUrl, 'POST', '/posts', {
      content: 'A video, then the lights went out',
      platforms: ['bluesky'],
      media: [created.json.media.id],
    });
    expect(post.status).toBe(201);

    // Uploaded, its job recorded (the publisher asks for the job's status only after recording it), still processing.
    await videoService.waitForUploads(1);
    await eventually(() => expect(videoService.statusCalls()).toBeGreaterThan(0), { timeoutMs: 20_000, intervalMs: 10 });
    process.kill(first.servicePid, 'SIGKILL');
    await first.exited();
    expect(await pds.listPosts(alice.did)).toEqual([]);
    videoService.release();

    const second = await start();
    const postId = post.json.post.id as string;
    const current = await eventually(
      async () => {
        const answer = (await call(second.baseUrl, 'GET', `/posts/${postId}`)).json.post;
        expect(['publishing', 'scheduled']).not.toContain(answer.status);
        return answer;
      },
      { timeoutMs: 60_000, intervalMs: 100 },
    );
    expect(current).toMatchObject({ status: 'published', results: { bluesky: { status: 'published' } } });
    const records = await pds.listPosts(alice.did);
    expect(records).toHaveLength(1);
    expect(records[0].value.embed).toMatchObject({
      $type: 'app.bsky.embed.video',
      alt: 'Crash test',
      aspectRatio: { width: 160, height: 90 },
    });
    expect(videoService.uploads()).toBe(1);
    await second.stop();
  }, 180_000);
});
