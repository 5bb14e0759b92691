import { startDeployedService, type DeployedService } from './deployed-service';
import { runtimeMajor } from './deployment';
import { functionDefinitions } from './template';
import { Walkthrough } from './walkthrough';

/**
 * The deployed artifacts under test (issue 13, part 3): the stack synthesized with its real
 * bundles, each function's bundle from cdk.out running on the runtime's Node.js with exactly the
 * template's environment, every AWS call checked against the function's role, requests routed by
 * the template's own routes and stage. The README's walkthrough, through all of it.
 */
describe('the README walkthrough through the deployed bundles', () => {
  let service: DeployedService;
  let walk: Walkthrough;

  beforeAll(async () => {
    service = await startDeployedService();
    walk = new Walkthrough(service);
  }, 240_000);
  afterAll(async () => {
    await service?.stop();
  }, 60_000);

  it('creates an account with the admin command, as an operator does against AWS', async () => {
    await walk.createAccount();
  }, 30_000);

  it('connects Bluesky at the PDS the stack is configured with, and LinkedIn through OAuth', async () => {
    await walk.connectBluesky();
    await walk.connectLinkedIn();
    const profiles = await walk.call('GET', '/profiles', { key: walk.apiKey });
    expect(profiles.json.profiles.map((profile: { platform: string }) => profile.platform).sort()).toEqual(['bluesky', 'linkedin']);
  });

  it('posts now to both platforms through the publish queue and the publisher', async () => {
    const id = await walk.postNow();
    await walk.listAndRead(id);
  });

  it('posts an image: presigned upload to the bucket, complete (sharp for arm64 beside the bundle), published with it', async () => {
    const id = await walk.postWithImage();
    const post = await walk.readPost('read', id);
    const record = (await service.pds.listPosts(walk.alice!.did)).find((one) => one.uri === post.results.bluesky.platform_post_id);
    expect(record?.value.embed).toMatchObject({ $type: 'app.bsky.embed.images', images: [{ alt: 'A test card' }] });
    expect(service.linkedin.createdPosts().find((one) => one.urn === post.results.linkedin.platform_post_id)?.body.content).toEqual({ media: { id: expect.stringMatching(/^urn:li:image:/), altText: 'A test card' } });
  });

  it('publishes a post scheduled 5 minutes ahead at its second, from the queue alone', async () => {
    await walk.postScheduledWithinQueueReach();
  });

  it('publishes a post scheduled 20 minutes ahead: schedule, release function, queue, publisher', async () => {
    await walk.postScheduledBeyondQueueReach();
  });

  it('deletes scheduled posts: the schedule goes, a queued trigger finds nothing', async () => {
    await walk.deleteScheduledPost(30);
    await walk.deleteScheduledPost(5);
  });

  it('creates, lists and deletes keys', async () => {
    await walk.manageKeys();
  });

  it('each platform got each published post exactly once', async () => {
    const copies = await walk.platformCopies();
    const once = Object.fromEntries(walk.published.map((content) => [content, 1]));
    expect(copies).toEqual({ bluesky: once, linkedin: once });
    expect(service.linkedin.createdPosts()).toHaveLength(walk.published.length);
  });

  it('refused no AWS call, lost no event, and delivered every function\'s logs and traces', () => {
    expect(service.policies.decisions.filter((decision) => !decision.allowed)).toEqual([]);
    expect(service.lambda.lostEvents).toEqual([]);
    expect(service.lostSchedules).toEqual([]);
    expect(service.eventSources.flatMap((source) => source.errors)).toEqual([]);
    const failed = service.lambda.invocations.filter((invocation) => !invocation.outcome.ok);
    expect(failed).toEqual([]);
    for (const [operation, telemetry] of service.lambda.telemetry) {
      expect({ operation, undeliveredLines: telemetry.undeliveredLines, undeliveredTraces: telemetry.undeliveredTraces }).toEqual({ operation, undeliveredLines: 0, undeliveredTraces: 0 });
    }
  });

  it("ran every invoked bundle on the Node.js major of the template's runtime", () => {
    const majors = new Set(functionDefinitions(service.template).map((fn) => runtimeMajor(fn.runtime)));
    expect([...majors]).toEqual([24]);
    expect(service.lambda.runtimes.size).toBeGreaterThanOrEqual(15);
    for (const [operation, runtime] of service.lambda.runtimes) {
      expect({ operation, major: Number(runtime.nodeVersion.slice(1).split('.')[0]) }).toEqual({ operation, major: 24 });
    }
    console.log(`deployed: synth ${service.synthMs} ms; ${service.lambda.invocations.length} invocations of ${service.lambda.runtimes.size} functions`);
  });
});
