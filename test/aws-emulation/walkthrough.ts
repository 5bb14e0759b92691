import type { TestUser } from '../support/pds';
import { registerSecret } from '../support/secret-registry';
import { smallJpeg } from '../support/images';
import { adminCommand, apiClient, type ApiResponse } from './api-client';
import type { DeployedService } from './deployed-service';

/** LinkedIn posts of an account are at least 60 s apart (docs/api.md, "Limits"): the walk lets that much time pass between them. */
const SPACING_MS = 61_000;
/**
 * SQS delivers a delayed message at its time, never before, and the delay was counted from the
 * sender's clock a moment before the queue took the message: the walk lets a second more pass.
 */
const QUEUE_LATENCY_MS = 1_000;

/** A step of the walkthrough that did not get what the README promises. */
export class StepFailed extends Error {
  constructor(step: string, detail: string) {
    super(`${step}: ${detail}`);
    this.name = 'StepFailed';
  }
}

const describe = (response: ApiResponse): string => `${response.status} ${response.text.slice(0, 300)}`;

/**
 * The README's walkthrough, step by step, against the deployed stack: each method is one step
 * (its name says which), checks what the README promises, and throws StepFailed otherwise. Time
 * moves on the world clock, never by waiting: a post's time comes when the test says so.
 */
export class Walkthrough {
  readonly call: ReturnType<typeof apiClient>;
  apiKey = '';
  accountId = '';
  alice: TestUser | undefined;
  readonly linkedinMember = 'deployed-member';
  /** Each published text, for the exactly-once count at the platforms. */
  readonly published: string[] = [];
  private counter = 0;

  constructor(readonly service: DeployedService) {
    this.call = apiClient(service.apiUrl);
  }

  private expectStatus(step: string, response: ApiResponse, status: number): ApiResponse {
    if (response.status !== status) throw new StepFailed(step, `expected ${status}, got ${describe(response)}`);
    return response;
  }

  /** A text not posted before (LinkedIn refuses a duplicate). */
  text(label: string): string {
    this.counter += 1;
    return `${label} (${this.counter}) #deployed`;
  }

  /** `npm run -s admin -- accounts create --plan pro` against "AWS", then `GET /profiles` with the printed key. */
  async createAccount(): Promise<void> {
    const created = await adminCommand(this.service.operatorEnvironment, [
      'accounts',
      'create',
      '--name',
      'Deployed walkthrough',
      '--plan',
      'pro',
    ]);
    registerSecret(created.api_key);
    this.apiKey = created.api_key;
    this.accountId = created.account.id;
    const profiles = this.expectStatus('list profiles', await this.call('GET', '/profiles', { key: this.apiKey }), 200);
    if (JSON.stringify(profiles.json) !== '{"profiles":[]}') throw new StepFailed('list profiles', describe(profiles));
  }

  /** `POST /profiles/bluesky` with an app password of a user of the PDS the stack is configured with. */
  async connectBluesky(): Promise<void> {
    this.alice ??= await this.service.pds.createUser('walker');
    registerSecret(this.alice.appPassword);
    const body = { handle: this.alice.handle, app_password: this.alice.appPassword };
    this.expectStatus('connect Bluesky', await this.call('POST', '/profiles/bluesky', { key: this.apiKey, body }), 201);
  }

  /** `POST /profiles/linkedin/authorize`, consent at (fake) LinkedIn, and the browser's return to the callback. */
  async connectLinkedIn(): Promise<void> {
    const authorized = this.expectStatus(
      'authorize LinkedIn',
      await this.call('POST', '/profiles/linkedin/authorize', { key: this.apiKey }),
      200,
    );
    // The person's browser opens the authorization URL: our start endpoint (on the stage) sets its
    // nonce cookie and sends it on to LinkedIn.
    const start = new URL(authorized.json.authorization_url);
    if (!start.pathname.startsWith('/v1/')) throw new StepFailed('LinkedIn start', `start URL outside the stage: ${start.href}`);
    const opened = this.expectStatus('LinkedIn start', await this.call('GET', `${start.pathname.slice(3)}${start.search}`), 302);
    const cookie = opened.headers.getSetCookie()[0]?.split(';')[0] ?? '';
    const { callbackUrl } = this.service.linkedin.approve(opened.headers.get('location') ?? '', {
      sub: this.linkedinMember,
      name: 'Deployed Member',
    });
    // The redirect URI is the API's own stage URL (PUBLIC_BASE_URL): the same path on the local stage.
    const callback = new URL(callbackUrl);
    if (!callback.pathname.startsWith('/v1/')) throw new StepFailed('LinkedIn callback', `redirect URI outside the stage: ${callbackUrl}`);
    this.expectStatus(
      'LinkedIn callback',
      await this.call('GET', `${callback.pathname.slice(3)}${callback.search}`, { headers: { cookie } }),
      201,
    );
  }

  /** `DELETE /profiles/{id}` of the platform's profile, when there is one (to connect it again). */
  async disconnect(platform: 'bluesky' | 'linkedin'): Promise<void> {
    const profiles = this.expectStatus('list profiles', await this.call('GET', '/profiles', { key: this.apiKey }), 200);
    const profile = profiles.json.profiles.find((one: { platform: string }) => one.platform === platform);
    if (profile)
      this.expectStatus(`disconnect ${platform}`, await this.call('DELETE', `/profiles/${profile.id}`, { key: this.apiKey }), 204);
  }

  /** A post 20 min ahead (its release schedule made), then `DELETE /posts/{id}` (its schedule deleted), without waiting for its time. */
  async scheduleAndCancel(): Promise<void> {
    const step = 'schedule a post 20 min ahead, then delete it';
    const post = await this.schedule(step, 20);
    if (!this.service.scheduler.list().some((one) => one.name === `post-${post.id}`)) throw new StepFailed(step, 'no release schedule');
    this.expectStatus(step, await this.call('DELETE', `/posts/${post.id}`, { key: this.apiKey }), 204);
    if (this.service.scheduler.list().some((one) => one.name === `post-${post.id}`))
      throw new StepFailed(step, 'its schedule is still there');
  }

  /** The runbook's premise: a function's logs are in its log group and its traces in X-Ray (both sent with its role). */
  telemetryDelivered(operation: string, since: { undeliveredLines: number; undeliveredTraces: number }): void {
    const now = this.service.lambda.telemetry.get(operation)!;
    if (now.undeliveredLines > since.undeliveredLines)
      throw new StepFailed(`logs of ${operation} reach its log group`, `${now.undeliveredLines - since.undeliveredLines} lines lost`);
    if (now.undeliveredTraces > since.undeliveredTraces)
      throw new StepFailed(`traces of ${operation} reach X-Ray`, `${now.undeliveredTraces - since.undeliveredTraces} traces lost`);
  }

  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  async readPost(step: string, id: string): Promise<any> {
    return this.expectStatus(step, await this.call('GET', `/posts/${id}`, { key: this.apiKey }), 200).json.post;
  }

  private async expectPublished(step: string, id: string, content: string, notBefore = 0): Promise<void> {
    const post = await this.readPost(step, id);
    if (post.status !== 'published') throw new StepFailed(step, `post is ${post.status}: ${JSON.stringify(post.results)}`);
    const early = Object.values(post.results as Record<string, { published_at: string }>).filter(
      (result) => Date.parse(result.published_at) < notBefore,
    );
    if (early.length) throw new StepFailed(step, `published before its time: ${JSON.stringify(post.results)}`);
    this.published.push(content);
  }

  /** `POST /posts` now: the publish queue, the publisher, both platforms. */
  async postNow(platforms: string[] = ['linkedin', 'bluesky'], extra: Record<string, unknown> = {}): Promise<string> {
    await this.service.advance(SPACING_MS);
    const content = this.text('Hello from the deployed bundles');
    const created = this.expectStatus(
      'post now',
      await this.call('POST', '/posts', { key: this.apiKey, body: { content, platforms, ...extra } }),
      201,
    );
    await this.service.settle();
    await this.expectPublished('post now', created.json.post.id, content);
    return created.json.post.id;
  }

  /** `POST /posts` with `scheduled_for` `minutes` ahead (and an idempotency key, sent twice); returns the post and its time. */
  async schedule(step: string, minutes: number, platforms = ['linkedin', 'bluesky']): Promise<{ id: string; at: number; content: string }> {
    await this.service.advance(SPACING_MS);
    const at = Math.ceil((this.service.clock.now() + minutes * 60_000) / 1000) * 1000;
    const content = this.text(`Scheduled ${minutes} min ahead`);
    const request = {
      key: this.apiKey,
      headers: { 'idempotency-key': `walk-${this.counter}` },
      body: { content, platforms, scheduled_for: new Date(at).toISOString() },
    };
    const created = this.expectStatus(step, await this.call('POST', '/posts', request), 201);
    const replayed = this.expectStatus(`${step} (retried with its idempotency key)`, await this.call('POST', '/posts', request), 201);
    if (replayed.json.post.id !== created.json.post.id || created.json.post.status !== 'scheduled')
      throw new StepFailed(step, `not one scheduled post: ${describe(replayed)}`);
    return { id: created.json.post.id, at, content };
  }

  /** A post due within the queue's reach (5 min): queued at once with its delay, published at its time. */
  async postScheduledWithinQueueReach(): Promise<void> {
    const step = 'post scheduled 5 min ahead';
    const post = await this.schedule(step, 5);
    if (this.service.scheduler.list().some((one) => one.name === `post-${post.id}`))
      throw new StepFailed(step, 'a schedule was made for a post the queue can hold');
    // Well before its time (real time moves the world's clock too, and a loaded machine can stall).
    await this.service.advance(post.at - this.service.clock.now() - 10_000);
    if ((await this.readPost(step, post.id)).status !== 'scheduled') throw new StepFailed(step, 'published before its time');
    await this.service.advance(post.at - this.service.clock.now() + QUEUE_LATENCY_MS);
    await this.expectPublished(step, post.id, post.content, post.at);
  }

  /** A post 20 min ahead: a release schedule, Scheduler fires it, the release function queues the post, the publisher publishes it. */
  async postScheduledBeyondQueueReach(platforms?: string[]): Promise<void> {
    const step = 'post scheduled 20 min ahead';
    const post = await this.schedule(step, 20, platforms);
    const schedule = this.service.scheduler.list().find((one) => one.name === `post-${post.id}`);
    if (!schedule) throw new StepFailed(step, 'no release schedule');
    const release = this.service.lambda.byOperation('release-post');
    if (schedule.target.Arn !== release.arn) throw new StepFailed(step, `the schedule targets ${schedule.target.Arn}`);
    await this.service.advance(schedule.firesAt - this.service.clock.now());
    const released = this.service.queues
      .messages(this.publishQueueArn())
      .some((message) => message.sender === release.name && message.body.includes(post.id));
    if (!released)
      throw new StepFailed(
        step,
        `the release function did not queue the post (${JSON.stringify(this.service.lambda.invocations.filter((one) => one.operation === 'release-post').map((one) => one.outcome))})`,
      );
    if (this.service.scheduler.list().includes(schedule)) throw new StepFailed(step, 'the schedule was not deleted after it ran');
    await this.service.advance(post.at - this.service.clock.now() + QUEUE_LATENCY_MS);
    await this.expectPublished(step, post.id, post.content, post.at);
  }

  /** `DELETE /posts/{id}` of a scheduled post: its schedule goes, and nothing is published at its time. */
  async deleteScheduledPost(minutes: number): Promise<void> {
    const step = `delete a post scheduled ${minutes} min ahead`;
    const post = await this.schedule(step, minutes);
    this.expectStatus(step, await this.call('DELETE', `/posts/${post.id}`, { key: this.apiKey }), 204);
    if (this.service.scheduler.list().some((one) => one.name === `post-${post.id}`))
      throw new StepFailed(step, 'its schedule is still there');
    await this.service.advance(post.at - this.service.clock.now() + QUEUE_LATENCY_MS);
    this.expectStatus(step, await this.call('GET', `/posts/${post.id}`, { key: this.apiKey }), 404);
  }

  /** `POST /media`, the PUT to its presigned URL, `complete`, then a post with the image. */
  async postWithImage(): Promise<string> {
    const step = 'post with an image';
    const bytes = await smallJpeg(640, 480);
    const created = this.expectStatus(
      step,
      await this.call('POST', '/media', {
        key: this.apiKey,
        body: { content_type: 'image/jpeg', size_bytes: bytes.length, alt_text: 'A test card' },
      }),
      201,
    );
    const { url, headers } = created.json.upload;
    const uploaded = await fetch(url, { method: 'PUT', headers, body: bytes });
    if (uploaded.status !== 200) throw new StepFailed(step, `upload answered ${uploaded.status} ${await uploaded.text()}`);
    const completed = this.expectStatus(
      step,
      await this.call('POST', `/media/${created.json.media.id}/complete`, { key: this.apiKey }),
      200,
    );
    if (completed.json.media.status !== 'ready') throw new StepFailed(step, describe(completed));
    return this.postNow(['linkedin', 'bluesky'], { media: [created.json.media.id] });
  }

  publishQueueArn(): string {
    const source = this.service.eventSources.find((candidate) => candidate.operation === 'publish-post');
    if (!source) throw new Error('no event source feeds the publisher');
    return source.queueArn;
  }

  /** `GET /posts?status=published`, `GET /posts/{id}` with each platform's URL, `GET /usage`. */
  async listAndRead(id: string): Promise<void> {
    const step = 'list and read posts';
    const listed = this.expectStatus(step, await this.call('GET', '/posts?status=published&limit=10', { key: this.apiKey }), 200);
    if (!listed.json.posts.some((post: { id: string }) => post.id === id))
      throw new StepFailed(step, `post ${id} not listed: ${describe(listed)}`);
    const post = await this.readPost(step, id);
    if (!post.results.bluesky?.url || !post.results.linkedin?.url)
      throw new StepFailed(step, `no platform URLs: ${JSON.stringify(post.results)}`);
    const usage = this.expectStatus('usage', await this.call('GET', '/usage', { key: this.apiKey }), 200);
    if (usage.json.usage.used < this.published.length)
      throw new StepFailed('usage', `${usage.json.usage.used} used after ${this.published.length} posts`);
  }

  /** `POST /keys` (value shown once), `GET /keys`, `DELETE /keys/{id}`: the deleted key fails on its very next request. */
  async manageKeys(): Promise<void> {
    const step = 'keys';
    const created = this.expectStatus(step, await this.call('POST', '/keys', { key: this.apiKey, body: { name: 'production' } }), 201);
    registerSecret(created.json.api_key);
    const listed = this.expectStatus(step, await this.call('GET', '/keys', { key: created.json.api_key }), 200);
    if (listed.json.keys.length !== 2 || JSON.stringify(listed.json).includes(created.json.api_key))
      throw new StepFailed(step, describe(listed));
    this.expectStatus(step, await this.call('DELETE', `/keys/${created.json.key.id}`, { key: this.apiKey }), 204);
    this.expectStatus(step, await this.call('GET', '/keys', { key: created.json.api_key }), 401);
  }

  /** What the platforms hold: each published text exactly once on the PDS and on LinkedIn, and nothing else. */
  async platformCopies(): Promise<{ bluesky: Record<string, number>; linkedin: Record<string, number> }> {
    const count = (texts: string[]) =>
      Object.fromEntries(this.published.map((content) => [content, texts.filter((text) => text === content).length]));
    const records = this.alice ? await this.service.pds.listPosts(this.alice.did) : [];
    return {
      bluesky: count(records.map((record) => String(record.value.text))),
      linkedin: count(this.service.linkedin.createdPosts().map((post) => String(post.text))),
    };
  }
}
