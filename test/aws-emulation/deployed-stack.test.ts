import { existsSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { startDeployedService, type DeployedService } from './deployed-service';
import { runtimeMajor } from './deployment';
import { removalTable, roleSteps, runSteps, withEachStatementRemoved } from './statement-removals';
import { scheduleGroupArn } from './local-aws/scheduler';
import { API_GATEWAY_SESSION } from './role-policies';
import { importedNames } from './stack-set';
import { functionDefinitions, resourcesOfType, routeDefinitions } from './template';
import { Walkthrough } from './walkthrough';
import { withSttsSampleCount } from '../support/hostile-media';
import { smallJpeg } from '../support/images';
import { clipArgs, videoClips } from '../support/video-clips';

/**
 * The deployed artifacts under test (issue 13, part 3): the stacks synthesized with their real
 * bundles, each function's bundle from cdk.out running on the runtime's Node.js with exactly the
 * template's environment, every AWS call checked against the caller's role as the template writes
 * it, requests routed by the template's own routes and stage (docs/decisions/0021-deployed-artifacts-under-test.md). One synth and one deployment for the file: the walkthrough, then the
 * policies taken apart statement by statement on the account it made.
 */
let service: DeployedService;
let walk: Walkthrough;

beforeAll(async () => {
  service = await startDeployedService();
  walk = new Walkthrough(service);
}, 240_000);
afterAll(async () => {
  await service?.stop();
}, 60_000);

describe('the README walkthrough through the deployed bundles', () => {
  it('creates an account with the admin command, as an operator does against AWS', async () => {
    await walk.createAccount();
  }, 30_000);

  it("routes by the template's route keys under its stage: $default for the rest, API Gateway's 404 outside the stage", async () => {
    const outside = await fetch(service.apiUrl.replace(/\/v1$/, '/v2/profiles'));
    expect([outside.status, await outside.json()]).toEqual([404, { message: 'Not Found' }]);
    const lastOperation = () => service.lambda.invocations.at(-1)?.operation;
    expect((await walk.call('GET', '/nothing/here', { key: walk.apiKey })).json.error).toBe('NOT_FOUND');
    expect(lastOperation()).toBe('not-found');
    // A literal segment wins over a parameter: the callback is not GET /profiles/{id}.
    await walk.call('GET', '/profiles/linkedin/callback?state=unknown&code=unknown');
    expect(lastOperation()).toBe('linkedin-callback');
    expect((await walk.call('DELETE', '/usage', { key: walk.apiKey })).status).toBe(404);
    expect(lastOperation()).toBe('not-found');
  });

  it("invokes each route's function with the integration's role: API Gateway assumes it (its trust), then invokes as it", async () => {
    const decisions = service.policies.decisions.length;
    await walk.call('GET', '/profiles', { key: walk.apiKey });
    const roleId = routeDefinitions(service.template).find((route) => route.routeKey === 'GET /profiles')!.credentialsRoleLogicalId!;
    expect(
      service.policies.decisions
        .slice(decisions)
        .filter((decision) => decision.role !== service.lambda.byOperation('list-profiles').principal.roleName),
    ).toEqual([
      {
        role: 'apigateway.amazonaws.com',
        session: 'apigateway.amazonaws.com',
        action: 'sts:AssumeRole',
        resource: service.physical.getAtt(roleId, 'Arn'),
        allowed: true,
      },
      {
        role: service.physical.ref(roleId),
        session: API_GATEWAY_SESSION,
        action: 'lambda:InvokeFunction',
        resource: service.lambda.byOperation('list-profiles').arn,
        allowed: true,
      },
    ]);
  });

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
    expect(service.linkedin.createdPosts().find((one) => one.urn === post.results.linkedin.platform_post_id)?.body.content).toEqual({
      media: { id: expect.stringMatching(/^urn:li:image:/), altText: 'A test card' },
    });
  });

  it('refuses an MP4 whose stts declares 0xFFFFFFFF samples (INVALID_MEDIA unreadable); the same complete-media environment answers the next complete', async () => {
    const clips = videoClips();
    try {
      const bomb = withSttsSampleCount(await clips.make('bomb.mp4', clipArgs({ seconds: 1, size: '64x36', audio: false })));
      const completeOne = async (bytes: Buffer, contentType: string) => {
        const created = await walk.call('POST', '/media', {
          key: walk.apiKey,
          body: { content_type: contentType, size_bytes: bytes.length },
        });
        const { url, headers } = created.json.upload;
        expect((await fetch(url, { method: 'PUT', headers, body: bytes })).status).toBe(200);
        return walk.call('POST', `/media/${created.json.media.id}/complete`, { key: walk.apiKey });
      };
      const refused = await completeOne(bomb, 'video/mp4');
      expect([refused.status, refused.json.error, refused.json.reason]).toEqual([400, 'INVALID_MEDIA', 'unreadable']);
      const next = await completeOne(await smallJpeg(), 'image/jpeg');
      expect(next.status).toBe(200);
      const completes = service.lambda.invocations.filter((invocation) => invocation.operation === 'complete-media');
      expect(completes.at(-1)?.coldStart).toBe(false);
    } finally {
      clips.cleanup();
    }
  }, 60_000);

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

  it('lets an agent work through POST /mcp: the MCP function runs the operations in its process, the stage path included', async () => {
    const lastOperations = (since: number) => service.lambda.invocations.slice(since).map((invocation) => invocation.operation);
    const mcp = (id: number, method: string, params: Record<string, unknown>) =>
      walk.call('POST', '/mcp', { headers: { authorization: `Bearer ${walk.apiKey}` }, body: { jsonrpc: '2.0', id, method, params } });
    const since = service.lambda.invocations.length;
    const initialized = await mcp(1, 'initialize', {
      protocolVersion: '2025-06-18',
      capabilities: {},
      clientInfo: { name: 'deployed', version: '1' },
    });
    expect([initialized.status, initialized.json.result.serverInfo.name]).toEqual([200, 'social-posting']);
    const at = new Date(Date.now() + 2 * 3600_000);
    at.setUTCSeconds(0, 0);
    const args = {
      content: walk.text('Proposed through MCP'),
      platforms: ['bluesky'],
      scheduled_for: at.toISOString(),
      idempotency_key: 'deployed-mcp-1',
    };
    const created = await mcp(2, 'tools/call', { name: 'create_post', arguments: args });
    expect([created.status, created.json.result.isError, created.json.result._meta.http_status]).toEqual([200, undefined, 201]);
    const postId = created.json.result.structuredContent.post.id as string;
    const deleted = await mcp(3, 'tools/call', { name: 'delete_post', arguments: { id: postId } });
    expect([deleted.json.result.isError, deleted.json.result._meta.http_status]).toEqual([undefined, 204]);
    expect((await walk.call('GET', `/posts/${postId}`, { key: walk.apiKey })).status).toBe(404);
    // One function served the three: the operations ran inside it.
    expect(lastOperations(since).filter((operation) => operation !== 'get-post')).toEqual(['mcp', 'mcp', 'mcp']);
    const refused = await fetch(`${service.apiUrl}/mcp`, { method: 'GET' });
    expect(refused.status).toBe(405);
    expect((await walk.call('POST', '/mcp', { body: { jsonrpc: '2.0', id: 4, method: 'tools/list' } })).status).toBe(401);
  });

  it('replays over MCP a post made over HTTP through the stage with the same idempotency key (docs/decisions/0162)', async () => {
    const at = new Date(Date.now() + 3 * 3600_000);
    at.setUTCSeconds(0, 0);
    const fields = { content: walk.text('Made over HTTP, repeated over MCP'), platforms: ['bluesky'], scheduled_for: at.toISOString() };
    const overHttp = await walk.call('POST', '/posts', {
      key: walk.apiKey,
      body: fields,
      headers: { 'idempotency-key': 'deployed-across-1' },
    });
    expect(overHttp.status).toBe(201);
    const overMcp = await walk.call('POST', '/mcp', {
      headers: { authorization: `Bearer ${walk.apiKey}` },
      body: {
        jsonrpc: '2.0',
        id: 1,
        method: 'tools/call',
        params: { name: 'create_post', arguments: { ...fields, idempotency_key: 'deployed-across-1' } },
      },
    });
    expect([overMcp.json.result.isError, overMcp.json.result._meta.http_status]).toEqual([undefined, 201]);
    expect(overMcp.json.result.structuredContent.post.id).toBe(overHttp.json.post.id);
    expect((await walk.call('DELETE', `/posts/${overHttp.json.post.id as string}`, { key: walk.apiKey })).status).toBe(204);
  });

  it('each platform got each published post exactly once', async () => {
    const copies = await walk.platformCopies();
    const once = Object.fromEntries(walk.published.map((content) => [content, 1]));
    expect(copies).toEqual({ bluesky: once, linkedin: once });
    expect(service.linkedin.createdPosts()).toHaveLength(walk.published.length);
  });

  it("lets Scheduler assume each of the template's schedules' roles, with the source its schedule group is", async () => {
    const schedules = resourcesOfType(service.template, 'AWS::Scheduler::Schedule');
    expect(schedules.length).toBeGreaterThan(0);
    for (const [, schedule] of schedules) {
      const roleArn = service.physical.resolveString(schedule.Properties!.Target.RoleArn);
      await service.policies.assumeRoleForSchedule(roleArn, scheduleGroupArn(schedule.Properties!.GroupName ?? 'default'));
    }
    // The walkthrough's own schedules were assumed the same way when they fired (local-aws/services.ts).
    const assumed = service.policies.decisions.filter(
      (decision) => decision.action === 'sts:AssumeRole' && decision.session === 'scheduler.amazonaws.com',
    );
    expect(assumed.length).toBeGreaterThan(schedules.length);
  });

  it("refused no AWS call, lost no event, and delivered every function's logs and traces", () => {
    expect(service.policies.decisions.filter((decision) => !decision.allowed)).toEqual([]);
    // No fault is switched on yet: a 5xx here is the emulation failing, e.g. a request the IAM engine would not evaluate.
    expect(service.aws.calls.filter((call) => call.status >= 500)).toEqual([]);
    expect(service.lambda.lostEvents).toEqual([]);
    expect(service.lostSchedules).toEqual([]);
    expect(service.eventSources.flatMap((source) => source.errors)).toEqual([]);
    const failed = service.lambda.invocations.filter((invocation) => !invocation.outcome.ok);
    expect(failed).toEqual([]);
    for (const [operation, telemetry] of service.lambda.telemetry) {
      expect({ operation, undeliveredLines: telemetry.undeliveredLines, undeliveredTraces: telemetry.undeliveredTraces }).toEqual({
        operation,
        undeliveredLines: 0,
        undeliveredTraces: 0,
      });
    }
  });

  it('deploys the data stack (no function) and then the service stack, which reads the data through its imports only', () => {
    const [data, functions] = service.stacks;
    expect(service.stacks.map((stack) => stack.name)).toEqual(['social-posting-deployed-data', 'social-posting-deployed']);
    expect(resourcesOfType(data.template, 'AWS::Lambda::Function')).toEqual([]);
    expect(importedNames(data.template)).toEqual([]);
    const imports = importedNames(functions.template);
    expect(imports.length).toBeGreaterThan(0);
    expect(imports.filter((name) => !name.startsWith(`${data.name}:`))).toEqual([]);
    // create-post's TABLE_NAME is an import in its template: deployed, it names the data stack's table.
    const createPost = service.lambda.functions.find((fn) => fn.operation === 'create-post')!;
    expect(
      JSON.stringify(resourcesOfType(functions.template, 'AWS::Lambda::Function').find(([id]) => id === createPost.logicalId)),
    ).toContain('"TABLE_NAME":{"Fn::ImportValue"');
    expect(createPost.environment.TABLE_NAME).toBe(service.operatorEnvironment.TABLE_NAME);
  });

  it("starts every function of the template (its bundle from cdk.out loads) on the Node.js major of the template's runtime", async () => {
    const majors = new Set(functionDefinitions(service.template).map((fn) => runtimeMajor(fn.runtime)));
    expect([...majors]).toEqual([24]);
    const started: Array<{ operation: string; major?: number; initError?: unknown }> = [];
    const pending = [...service.lambda.functions];
    // Four at a time: each is a process of its own for the moment of its init.
    await Promise.all(
      [0, 1, 2, 3].map(async () => {
        for (let fn = pending.shift(); fn; fn = pending.shift()) {
          const { runtime, initError } = await service.lambda.initialize(fn);
          started.push({ operation: fn.operation, major: runtime && Number(runtime.nodeVersion.slice(1).split('.')[0]), initError });
        }
      }),
    );
    expect(started.filter((one) => one.major !== 24 || one.initError)).toEqual([]);
    expect(started.length).toBe(functionDefinitions(service.template).length);
    process.stdout.write(
      `deployed: synth ${service.synthMs} ms; ${service.lambda.invocations.length} invocations; ${started.length} functions started on Node.js 24; ${service.policies.decisions.length} IAM decisions by the engine in ${Math.round(service.policies.engineMs)} ms\n`,
    );
  }, 120_000);
});

/**
 * Every bundle carries the AWS composition root and nothing of the local runtime: the sources its
 * source map names (relative to the bundle's folder), made relative to the project.
 */
describe('the composition root of each deployed bundle', () => {
  const PROJECT_ROOT = resolve(__dirname, '..', '..');
  const sourcesOf = (taskRoot: string): string[] => {
    const map = JSON.parse(readFileSync(join(taskRoot, 'index.js.map'), 'utf8')) as { sources: string[] };
    return map.sources.map((source) => relative(PROJECT_ROOT, resolve(taskRoot, source)).replace(/\\/g, '/'));
  };

  it('is shared/wiring/aws.ts with the AWS adapters; no file of local/ or test/ is bundled', () => {
    const bundles = service.lambda.functions.filter((fn) => existsSync(join(fn.taskRoot, 'index.js.map')));
    expect(bundles.length).toBe(service.lambda.functions.length);
    const local = bundles.flatMap((fn) =>
      sourcesOf(fn.taskRoot)
        .filter((source) => /^(local|test)\//.test(source))
        .map((source) => `${fn.operation}: ${source}`),
    );
    expect(local).toEqual([]);
    // The IAM engine is AGPL-3.0 and for these tests only (docs/decisions/0031-iam-evaluated-by-an-engine.md): no bundle ships any of it.
    const engine = bundles.flatMap((fn) =>
      sourcesOf(fn.taskRoot)
        .filter((source) => /(^|\/)node_modules\/@cloud-copilot\//.test(source))
        .map((source) => `${fn.operation}: ${source}`),
    );
    expect(engine).toEqual([]);
    const withoutRoot = bundles.filter((fn) => !sourcesOf(fn.taskRoot).includes('shared/wiring/aws.ts')).map((fn) => fn.operation);
    expect(withoutRoot).toEqual([]);
    const createPost = bundles.find((fn) => fn.operation === 'create-post')!;
    expect(sourcesOf(createPost.taskRoot)).toEqual(
      expect.arrayContaining([
        'functions/create-post/handler.ts',
        'shared/adapters/aws/eventbridge-scheduler.ts',
        'shared/adapters/aws/kms-secret-box.ts',
      ]),
    );
  });
});

/**
 * The template's policies are tight: for each role below, the walkthrough's steps that use it pass
 * with the policy as deployed, and taking away any one statement makes a named step fail, with the
 * refusal visible where AWS shows it: AccessDenied in the function's logs, the event source
 * mapping's error, the lost asynchronous event, or the logs and traces that never arrive. Policies
 * change while everything runs: no new synth, no restart.
 */
/**
 * Statements the walkthrough cannot show needed, each with why: the publisher reads the Bluesky OAuth client's key only
 * to refresh the session of a profile connected with atproto OAuth, and connecting one takes a sign-in at a PDS's own
 * page, which the emulated account has no PDS for (test/integration/bluesky-oauth.test.ts covers that path locally).
 */
const NOT_WALKED: Record<string, RegExp[]> = {
  'publish-post': [/^secretsmanager:GetSecretValue,secretsmanager:DescribeSecret on secret:BlueskyOAuthKey/],
};
const notWalked = (operation: string, without: string) => (NOT_WALKED[operation] ?? []).some((pattern) => pattern.test(without));

describe('each statement of a function role is needed by a named step', () => {
  it.each(['create-post', 'publish-post', 'connect-bluesky', 'linkedin-callback', 'release-post'])(
    '%s',
    async (operation) => {
      const steps = roleSteps(walk)[operation];
      expect({ policy: 'as deployed', failedStep: (await runSteps(service, walk, operation, steps)).failedStep }).toEqual({
        policy: 'as deployed',
        failedStep: undefined,
      });
      const results = await withEachStatementRemoved(service, walk, operation, steps);
      // With every statement back the steps pass again, and the next role starts from a connected account.
      const restored = await runSteps(service, walk, operation, steps);
      // Read as a table when it fails: a statement without a failed step, or without evidence, grants what no step needs.
      process.stdout.write(`${removalTable(operation, results)}\n`);
      expect(
        results
          .filter((result) => !result.failedStep || result.evidence.length === 0)
          .filter((result) => !notWalked(operation, result.without)),
      ).toEqual([]);
      expect({ policy: 'restored', failedStep: restored.failedStep }).toEqual({ policy: 'restored', failedStep: undefined });
    },
    180_000,
  );
});

/**
 * The resource and trust policies are enforced in the deployment too (the engine evaluates them on
 * every call): API Gateway is refused a function its invoke role does not name, and a schedule
 * role whose trust names what Scheduler does not send (the sweep role's old mistake) never runs.
 */
describe("the deployment's resource and trust policies", () => {
  it("without lambda:InvokeFunction on create-post in the invoke role API Gateway may not invoke it: the client gets API Gateway's 500, other routes still answer", async () => {
    const fn = service.lambda.byOperation('create-post');
    const roleId = routeDefinitions(service.template).find((route) => route.routeKey === 'POST /posts')!.credentialsRoleLogicalId!;
    const invocations = service.lambda.invocations.length;
    const decisions = service.policies.decisions.length;
    const restore = service.policies.withoutResource(roleId, 'lambda:InvokeFunction', fn.arn);
    let refused, listed;
    try {
      refused = await walk.call('POST', '/posts', { key: walk.apiKey, body: { content: 'never posted', platforms: ['bluesky'] } });
      listed = await walk.call('GET', '/profiles', { key: walk.apiKey });
    } finally {
      restore();
    }
    expect({ status: refused.status, body: refused.json }).toEqual({ status: 500, body: { message: 'Internal Server Error' } });
    expect(listed.status).toBe(200);
    expect(service.lambda.invocations.slice(invocations).map((invocation) => invocation.operation)).toEqual(['list-profiles']);
    const invokes = service.policies.decisions
      .slice(decisions)
      .filter((decision) => decision.session === API_GATEWAY_SESSION && decision.action === 'lambda:InvokeFunction');
    expect(invokes).toEqual([
      {
        role: service.physical.ref(roleId),
        session: API_GATEWAY_SESSION,
        action: 'lambda:InvokeFunction',
        resource: fn.arn,
        allowed: false,
      },
      {
        role: service.physical.ref(roleId),
        session: API_GATEWAY_SESSION,
        action: 'lambda:InvokeFunction',
        resource: service.lambda.byOperation('list-profiles').arn,
        allowed: true,
      },
    ]);
    await walk.postNow(['bluesky']);
  }, 60_000);

  it("with the post schedules' role trusting its schedules' ARNs instead of its group's, a post 20 minutes ahead is never released", async () => {
    const roleArn = service.lambda.byOperation('create-post').environment.SCHEDULER_ROLE_ARN;
    const trust = service.policies.resourcePolicies.of(roleArn)!;
    const group = service.lambda.byOperation('create-post').environment.SCHEDULE_GROUP;
    const mistaken = structuredClone(trust);
    mistaken.Statement[0].Condition!.ArnEquals['aws:SourceArn'] = `arn:aws:scheduler:eu-west-1:123456789012:schedule/${group}/*`;
    const lost = service.lostSchedules.length;
    const restore = service.policies.resourcePolicies.replace(roleArn, mistaken);
    let failure: unknown;
    try {
      await walk.postScheduledBeyondQueueReach(['bluesky']);
    } catch (error) {
      failure = error;
    } finally {
      restore();
    }
    expect((failure as Error).message).toMatch(/^post scheduled 20 min ahead: the release function did not queue the post/);
    expect(service.lostSchedules.slice(lost)).toEqual([
      {
        schedule: expect.stringMatching(/^post-/),
        reason: `User: scheduler.amazonaws.com is not authorized to perform: sts:AssumeRole on resource: ${roleArn} because no resource-based policy allows the sts:AssumeRole action`,
      },
    ]);
    await walk.postScheduledBeyondQueueReach(['bluesky']);
  }, 120_000);
});
