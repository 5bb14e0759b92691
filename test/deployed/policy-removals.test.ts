import { startDeployedService, type DeployedService } from './deployed-service';
import type { PolicyStatement } from './iam-policy';
import { earlyTriggerQueuedAgain, publisherRunsDeadLettered, releaseRunsDeadLettered } from './pipeline-steps';
import { Walkthrough } from './walkthrough';

interface Step {
  name: string;
  run: () => Promise<unknown>;
}

/** What a run of a role's steps showed: the first step that failed, and where the refusal shows. */
interface RunOutcome {
  failedStep?: string;
  evidence: string[];
}

/** Longer than any step's own horizon (a post 5 min ahead, Lambda's retries over 3 min). */
const DRAIN_MS = 10 * 60_000;

const summary = (statement: PolicyStatement): string =>
  `${[statement.Action ?? statement.NotAction].flat().join(',')} on ${[statement.Resource ?? statement.NotResource].flat().join(',').replace(/arn:aws:[a-z0-9-]+:eu-west-1:123456789012:/g, '')}`;

/**
 * The template's policies are tight (issue 13, part 3): for each role below, the walkthrough's
 * steps that use it pass with the policy as deployed, and taking away any one statement makes a
 * named step fail, with the refusal visible where AWS shows it: AccessDenied in the function's
 * logs, the event source mapping's error, the lost asynchronous event, or the logs and traces that
 * never arrive. Policies change while everything runs: no new synth, no restart.
 */
describe('each statement of a function role is needed by a named step', () => {
  let service: DeployedService;
  let walk: Walkthrough;

  beforeAll(async () => {
    service = await startDeployedService();
    walk = new Walkthrough(service);
    await walk.createAccount();
    await walk.connectBluesky();
    await walk.connectLinkedIn();
  }, 240_000);
  afterAll(async () => {
    await service?.stop();
  }, 60_000);

  const stepsOf: Record<string, () => Step[]> = {
    'create-post': () => [
      { name: 'post now', run: () => walk.postNow(['bluesky']) },
      { name: 'schedule a post 20 min ahead, then delete it', run: () => walk.scheduleAndCancel() },
    ],
    'publish-post': () => [
      { name: 'post with an image to both platforms', run: () => walk.postWithImage() },
      { name: 'a trigger reaching the publisher early is queued again', run: () => earlyTriggerQueuedAgain(walk) },
      { name: 'publisher runs failing every attempt are dead-lettered', run: () => publisherRunsDeadLettered(walk) },
    ],
    'connect-bluesky': () => [{ name: 'connect Bluesky', run: async () => (await walk.disconnect('bluesky'), walk.connectBluesky()) }],
    'linkedin-callback': () => [{ name: 'connect LinkedIn', run: async () => (await walk.disconnect('linkedin'), walk.connectLinkedIn()) }],
    'release-post': () => [
      { name: 'post scheduled 20 min ahead', run: () => walk.postScheduledBeyondQueueReach(['bluesky']) },
      { name: 'release runs failing every attempt are dead-lettered', run: () => releaseRunsDeadLettered(walk) },
    ],
  };

  /** The steps in order until one fails, each followed by the check that the function's logs and traces arrived. */
  async function run(operation: string, steps: Step[]): Promise<RunOutcome> {
    const fn = service.lambda.byOperation(operation);
    const telemetry = service.lambda.telemetry.get(operation)!;
    const before = { decisions: service.policies.decisions.length, output: telemetry.output.length, sources: service.eventSources.map((source) => source.errors.length), lost: service.lambda.lostEvents.length };
    let failedStep: string | undefined;
    for (const step of steps) {
      const since = { ...telemetry };
      try {
        await step.run();
        walk.telemetryDelivered(operation, since);
      } catch (error) {
        failedStep = `${step.name}: ${(error as Error).message.split('\n')[0].slice(0, 200)}`;
        break;
      }
    }
    await service.settle();
    const refused = service.policies.decisions.slice(before.decisions).filter((decision) => !decision.allowed && decision.session === fn.name);
    const evidence = [
      ...(telemetry.output.slice(before.output).some((line) => /AccessDenied/.test(line)) ? [`AccessDenied in the function's logs (${[...new Set(refused.map((one) => one.action))].join(', ')})`] : []),
      ...service.eventSources.flatMap((source, index) => source.errors.slice(before.sources[index]).map((error) => `event source mapping: ${error.split(': ')[0]} refused`)),
      ...service.lambda.lostEvents.slice(before.lost).map((lost) => `asynchronous event lost: ${lost.reason.split(' arn:')[0]}`),
      ...(/reach (its log group|X-Ray)/.test(failedStep ?? '') ? [`the function's ${/X-Ray/.test(failedStep!) ? 'traces do not reach X-Ray' : 'logs do not reach its log group'}`] : []),
    ];
    return { failedStep, evidence: [...new Set(evidence)] };
  }

  it.each(Object.keys(stepsOf))('%s', async (operation) => {
    const fn = service.lambda.byOperation(operation);
    const steps = stepsOf[operation]();
    const asDeployed = await run(operation, steps);
    expect({ policy: 'as deployed', failedStep: asDeployed.failedStep }).toEqual({ policy: 'as deployed', failedStep: undefined });

    const results = [];
    for (const { id, statement } of service.policies.of(fn.principal.roleLogicalId)) {
      // Fresh environments, as any started after the change: a warm one may hold what it read before (a secret).
      await service.lambda.recycle(operation);
      const restore = service.policies.withoutStatement(id);
      let outcome: RunOutcome;
      try {
        outcome = await run(operation, steps);
      } finally {
        restore();
      }
      // What the failed run left behind (queued posts, retries, schedules) plays out with the policy back.
      await service.advance(DRAIN_MS);
      results.push({ without: summary(statement), failedStep: outcome.failedStep, evidence: outcome.evidence });
    }
    // Read as a table when it fails: a statement without a failed step, or without evidence, grants what no step needs.
    console.log(`${operation}:\n${results.map((result) => `  without ${result.without}\n    fails "${result.failedStep}"\n    ${result.evidence.join('; ')}`).join('\n')}`);
    // With every statement back the steps pass again, and the next role starts from a connected account.
    const restored = await run(operation, steps);
    expect(results.filter((result) => !result.failedStep || result.evidence.length === 0)).toEqual([]);
    expect({ policy: 'restored', failedStep: restored.failedStep }).toEqual({ policy: 'restored', failedStep: undefined });
  }, 180_000);
});
