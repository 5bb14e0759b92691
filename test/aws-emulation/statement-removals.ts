import type { DeployedService } from './deployed-service';
import type { PolicyStatement } from './iam-policy';
import { earlyTriggerQueuedAgain, metricsCollectionsScheduled, publisherRunsDeadLettered, releaseRunsDeadLettered } from './pipeline-steps';
import type { Walkthrough } from './walkthrough';

export interface Step {
  name: string;
  run: () => Promise<unknown>;
}

/** What a run of a role's steps showed: the first step that failed, and where the refusal shows. */
export interface RunOutcome {
  failedStep?: string;
  evidence: string[];
}

export interface RemovalResult extends RunOutcome {
  without: string;
}

/** Longer than any step's own horizon (a post 5 min ahead, Lambda's retries over 3 min). */
const DRAIN_MS = 10 * 60_000;

const summary = (statement: PolicyStatement): string =>
  `${[statement.Action ?? statement.NotAction].flat().join(',')} on ${[statement.Resource ?? statement.NotResource]
    .flat()
    .join(',')
    .replace(/arn:aws:[a-z0-9-]+:eu-west-1:123456789012:/g, '')}`;

/** The walkthrough's steps that use each role, robust to running again and again. */
export function roleSteps(walk: Walkthrough): Record<string, Step[]> {
  return {
    'create-post': [
      { name: 'post now', run: () => walk.postNow(['bluesky']) },
      { name: 'schedule a post 20 min ahead, then delete it', run: () => walk.scheduleAndCancel() },
    ],
    'publish-post': [
      { name: 'post with an image to both platforms', run: () => walk.postWithImage() },
      { name: 'a trigger reaching the publisher early is queued again', run: () => earlyTriggerQueuedAgain(walk) },
      { name: 'publisher runs failing every attempt are dead-lettered', run: () => publisherRunsDeadLettered(walk) },
      { name: 'a published post gets its metrics collections scheduled', run: () => metricsCollectionsScheduled(walk) },
    ],
    'connect-bluesky': [{ name: 'connect Bluesky', run: async () => (await walk.disconnect('bluesky'), walk.connectBluesky()) }],
    'linkedin-callback': [{ name: 'connect LinkedIn', run: async () => (await walk.disconnect('linkedin'), walk.connectLinkedIn()) }],
    // Bluesky only: a post a failed run leaves scheduled must not hold a LinkedIn slot later steps meet.
    'release-post': [
      { name: 'post scheduled 20 min ahead', run: () => walk.postScheduledBeyondQueueReach(['bluesky']) },
      { name: 'release runs failing every attempt are dead-lettered', run: () => releaseRunsDeadLettered(walk) },
    ],
  };
}

/** The steps in order until one fails, each followed by the check that the function's logs and traces arrived. */
export async function runSteps(service: DeployedService, walk: Walkthrough, operation: string, steps: Step[]): Promise<RunOutcome> {
  const fn = service.lambda.byOperation(operation);
  const telemetry = service.lambda.telemetry.get(operation)!;
  const before = {
    decisions: service.policies.decisions.length,
    output: telemetry.output.length,
    sources: service.eventSources.map((source) => source.errors.length),
    lost: service.lambda.lostEvents.length,
  };
  let failedStep: string | undefined;
  for (const step of steps) {
    const since = { ...telemetry };
    try {
      await step.run();
      walk.telemetryDelivered(operation, since);
    } catch (error) {
      const message = (error as Error).message.split('\n')[0].slice(0, 200);
      failedStep = message.startsWith(step.name) ? message : `${step.name}: ${message}`;
      break;
    }
  }
  await service.settle();
  const refused = service.policies.decisions
    .slice(before.decisions)
    .filter((decision) => !decision.allowed && decision.session === fn.name);
  const evidence = [
    ...(telemetry.output.slice(before.output).some((line) => /AccessDenied/.test(line))
      ? [`AccessDenied in the function's logs (${[...new Set(refused.map((one) => one.action))].join(', ')})`]
      : []),
    ...service.eventSources.flatMap((source, index) =>
      source.errors.slice(before.sources[index]).map((error) => `event source mapping: ${error.split(': ')[0]} refused`),
    ),
    ...service.lambda.lostEvents.slice(before.lost).map((lost) => `asynchronous event lost: ${lost.reason.split(' arn:')[0]}`),
    ...(/reach (its log group|X-Ray)/.test(failedStep ?? '')
      ? [`the function's ${/X-Ray/.test(failedStep!) ? 'traces do not reach X-Ray' : 'logs do not reach its log group'}`]
      : []),
  ];
  return { failedStep, evidence: [...new Set(evidence)] };
}

/**
 * Each statement of the function's role taken away in turn, the steps run on fresh environments
 * (as any started after the change: a warm one may hold what it read before, such as a secret),
 * the statement put back, and what the failed run left behind (queued posts, retries) played out.
 */
export async function withEachStatementRemoved(
  service: DeployedService,
  walk: Walkthrough,
  operation: string,
  steps: Step[],
): Promise<RemovalResult[]> {
  const fn = service.lambda.byOperation(operation);
  const results: RemovalResult[] = [];
  for (const { id, statement } of service.policies.of(fn.principal.roleLogicalId)) {
    await service.lambda.recycle(operation);
    const restore = service.policies.withoutStatement(id);
    let outcome: RunOutcome;
    try {
      outcome = await runSteps(service, walk, operation, steps);
    } finally {
      restore();
    }
    await service.advance(DRAIN_MS);
    results.push({ without: summary(statement), ...outcome });
  }
  return results;
}

export const removalTable = (operation: string, results: RemovalResult[]): string =>
  `${operation}:\n${results.map((result) => `  without ${result.without}\n    fails "${result.failedStep}"\n    ${result.evidence.join('; ')}`).join('\n')}`;
