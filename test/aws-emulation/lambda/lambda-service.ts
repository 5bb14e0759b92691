import { randomBytes, randomUUID } from 'node:crypto';
import type { Principal, RolePolicies } from '../role-policies';
import type { WorldClock } from '../world-clock';
import type { LocalQueues } from '../local-aws/sqs';
import { ExecutionEnvironment, type InvocationError, type InvocationOutcome } from './execution-environment';

/** A function as deployed: where its code is, who it runs as, and its whole environment. */
export interface DeployedFunction {
  logicalId: string;
  operation: string;
  name: string;
  arn: string;
  taskRoot: string;
  timeoutMs: number;
  memoryMb: number;
  principal: Principal;
  logGroupArn: string;
  /** Everything the process gets, except the per-environment log stream name. */
  environment: Record<string, string>;
  asyncInvoke?: { maximumRetryAttempts: number; maximumEventAgeSeconds: number; onFailureQueueArn?: string };
}

export interface InvocationRecord {
  operation: string;
  requestId: string;
  source: string;
  coldStart: boolean;
  outcome: InvocationOutcome;
}

/** What each function wrote (all of it), and what reached its log group and X-Ray with its role's permissions. */
export interface FunctionTelemetry {
  output: string[];
  delivered: string[];
  undeliveredLines: number;
  traces: number;
  undeliveredTraces: number;
}

/** Lambda retries a failed asynchronous invocation after about one, then two minutes. */
const ASYNC_RETRY_DELAYS_MS = [60_000, 120_000];

/**
 * The Lambda service: execution environments (a new one whenever all are busy, as concurrency
 * grows), synchronous invokes, asynchronous invokes with their retries, event age and on-failure
 * destination (sent as the function's role, as Lambda does), and the platform's own calls made with
 * the function's role: the log stream and its events (logs:CreateLogStream, logs:PutLogEvents) and
 * the trace segments (xray:PutTraceSegments, xray:PutTelemetryRecords). A refused platform call
 * loses those logs or traces, as in AWS, without failing the invocation.
 */
export class LambdaService {
  readonly invocations: InvocationRecord[] = [];
  readonly telemetry = new Map<string, FunctionTelemetry>();
  /** Asynchronous events that failed and could not be delivered to a destination either. */
  readonly lostEvents: Array<{ operation: string; reason: string }> = [];
  /** The Node.js each function's environments run on (`process.version`, `process.arch`), once started. */
  readonly runtimes = new Map<string, ExecutionEnvironment['runtime']>();
  private readonly environments = new Map<string, ExecutionEnvironment[]>();
  /** Each environment's log stream, and where its output goes during an invocation. */
  private readonly streams = new Map<ExecutionEnvironment, string>();
  private readonly collectors = new Map<ExecutionEnvironment, (line: string) => void>();
  private readonly starting = new Set<Promise<unknown>>();
  private active = 0;

  constructor(
    readonly functions: DeployedFunction[],
    private readonly options: {
      nodeBinary: string;
      clock: WorldClock;
      policies: RolePolicies;
      queues: LocalQueues;
      onOutput?: (operation: string, line: string) => void;
    },
  ) {
    for (const fn of functions)
      this.telemetry.set(fn.operation, { output: [], delivered: [], undeliveredLines: 0, traces: 0, undeliveredTraces: 0 });
  }

  byOperation(operation: string): DeployedFunction {
    const found = this.functions.find((fn) => fn.operation === operation);
    if (!found) throw new Error(`no function ${operation}`);
    return found;
  }

  byArn(arn: string): DeployedFunction | undefined {
    return this.functions.find((fn) => fn.arn === arn || fn.name === arn);
  }

  /** Invocations in progress, started or waiting for an environment. */
  get busy(): number {
    return this.active;
  }

  /**
   * A synchronous (RequestResponse) invocation; `traceHeader` is the X-Ray trace header an event
   * source continues (lambda/recursion-detection.ts), else a new trace starts.
   */
  async invoke(fn: DeployedFunction, event: unknown, source: string, traceHeader?: string): Promise<InvocationOutcome> {
    this.active += 1;
    try {
      const found = await this.environmentFor(fn);
      if ('initError' in found) {
        const outcome: InvocationOutcome = { ok: false, error: found.initError };
        this.invocations.push({ operation: fn.operation, requestId: randomUUID(), source, coldStart: true, outcome });
        return outcome;
      }
      const { environment, coldStart, streamName } = found;
      const requestId = randomUUID();
      const lines: string[] = [`START RequestId: ${requestId} Version: $LATEST`];
      const collect = (line: string) => lines.push(line);
      this.collectors.set(environment, collect);
      const started = Date.now();
      const context = {
        awsRequestId: requestId,
        functionName: fn.name,
        functionVersion: '$LATEST',
        invokedFunctionArn: fn.arn,
        memoryLimitInMB: String(fn.memoryMb),
        logGroupName: fn.environment.AWS_LAMBDA_LOG_GROUP_NAME,
        logStreamName: streamName,
      };
      const traceId =
        traceHeader ?? `Root=1-${Math.floor(this.options.clock.now() / 1000).toString(16)}-${randomBytes(12).toString('hex')};Sampled=1`;
      const outcome = await environment.invoke(event, context, fn.timeoutMs, traceId);
      this.collectors.delete(environment);
      lines.push(
        `END RequestId: ${requestId}`,
        `REPORT RequestId: ${requestId}\tDuration: ${Date.now() - started} ms\tMemory Size: ${fn.memoryMb} MB`,
      );
      await this.deliverTelemetry(fn, streamName, lines);
      this.invocations.push({ operation: fn.operation, requestId, source, coldStart, outcome });
      return outcome;
    } finally {
      this.active -= 1;
    }
  }

  /** An asynchronous (Event) invocation: queued, retried after failures, then sent to the on-failure destination. */
  invokeAsync(fn: DeployedFunction, event: unknown, source: string): void {
    const queuedAt = this.options.clock.now();
    const config = fn.asyncInvoke ?? { maximumRetryAttempts: 2, maximumEventAgeSeconds: 21_600 };
    this.active += 1;
    const attempt = async (number: number): Promise<void> => {
      const outcome = await this.invoke(fn, event, source);
      if (outcome.ok) return;
      const retryAt = this.options.clock.now() + (ASYNC_RETRY_DELAYS_MS[number - 1] ?? 0);
      if (number <= config.maximumRetryAttempts && retryAt - queuedAt <= config.maximumEventAgeSeconds * 1000) {
        // A retry waiting for its time is a timer, not work in progress (settle() sees due timers);
        // once due it is work in progress until its destination is sent to (an IAM decision away).
        this.options.clock.at(retryAt, () => {
          this.active += 1;
          void attempt(number + 1).finally(() => (this.active -= 1));
        });
        return;
      }
      await this.sendToDestination(fn, event, outcome, number);
    };
    setImmediate(() => void attempt(1).finally(() => (this.active -= 1)));
  }

  private async sendToDestination(fn: DeployedFunction, event: unknown, outcome: InvocationOutcome, attempts: number): Promise<void> {
    const destination = fn.asyncInvoke?.onFailureQueueArn;
    if (!destination) return void this.lostEvents.push({ operation: fn.operation, reason: 'retries exhausted, no destination' });
    if (!(await this.options.policies.allows(fn.principal, { action: 'sqs:SendMessage', resource: destination }))) {
      return void this.lostEvents.push({
        operation: fn.operation,
        reason: `the role may not send to the on-failure destination ${destination}`,
      });
    }
    const record = {
      version: '1.0',
      timestamp: new Date(this.options.clock.now()).toISOString(),
      requestContext: {
        requestId: randomUUID(),
        functionArn: `${fn.arn}:$LATEST`,
        condition: 'RetriesExhausted',
        approximateInvokeCount: attempts,
      },
      requestPayload: event,
      responseContext: { statusCode: 200, executedVersion: '$LATEST', functionError: 'Unhandled' },
      responsePayload: outcome.ok ? outcome.result : outcome.error,
    };
    this.options.queues.send(destination, JSON.stringify(record), 0, 'lambda');
  }

  private async environmentFor(
    fn: DeployedFunction,
  ): Promise<{ environment: ExecutionEnvironment; coldStart: boolean; streamName: string } | { initError: InvocationError }> {
    const pool = this.environments.get(fn.operation) ?? [];
    this.environments.set(fn.operation, pool);
    const idle = pool.find((environment) => !environment.busy && environment.alive);
    if (idle) return { environment: idle, coldStart: false, streamName: this.streams.get(idle)! };
    const streamName = `${new Date(this.options.clock.now()).toISOString().slice(0, 10).replace(/-/g, '/')}/[$LATEST]${randomBytes(16).toString('hex')}`;
    let environment: ExecutionEnvironment | undefined;
    const telemetry = this.telemetry.get(fn.operation)!;
    const onOutput = (line: string) => {
      telemetry.output.push(line);
      this.options.onOutput?.(fn.operation, line);
      if (environment) this.collectors.get(environment)?.(line);
    };
    const start = ExecutionEnvironment.start({
      nodeBinary: this.options.nodeBinary,
      environment: { ...fn.environment, AWS_LAMBDA_LOG_STREAM_NAME: streamName },
      taskRoot: fn.taskRoot,
      onOutput,
      clockOffsetMs: () => this.options.clock.offset,
    });
    this.starting.add(start);
    try {
      environment = await start;
    } catch (error) {
      return {
        initError: (error as { invocationError?: InvocationError }).invocationError ?? {
          errorType: 'Runtime.Unknown',
          errorMessage: String(error),
        },
      };
    } finally {
      this.starting.delete(start);
    }
    pool.push(environment);
    this.streams.set(environment, streamName);
    this.runtimes.set(fn.operation, environment.runtime);
    return { environment, coldStart: true, streamName };
  }

  private async deliverTelemetry(fn: DeployedFunction, streamName: string, lines: string[]): Promise<void> {
    const telemetry = this.telemetry.get(fn.operation)!;
    const stream = `${fn.logGroupArn.replace(/:\*$/, '')}:log-stream:${streamName}`;
    const { policies } = this.options;
    const allowed = async (actions: string[], resource: string) =>
      (await Promise.all(actions.map((action) => policies.allows(fn.principal, { action, resource })))).every(Boolean);
    const logs = await allowed(['logs:CreateLogStream', 'logs:PutLogEvents'], stream);
    if (logs) telemetry.delivered.push(...lines);
    else telemetry.undeliveredLines += lines.length;
    const traces = await allowed(['xray:PutTraceSegments', 'xray:PutTelemetryRecords'], '*');
    if (traces) telemetry.traces += 1;
    else telemetry.undeliveredTraces += 1;
  }

  /** The init phase of one environment, without an invocation (then stopped unless it was running already): does the bundle load, on which Node.js. */
  async initialize(fn: DeployedFunction): Promise<{ runtime?: ExecutionEnvironment['runtime']; initError?: InvocationError }> {
    const running = this.runtimes.get(fn.operation);
    if (running) return { runtime: running };
    const found = await this.environmentFor(fn);
    if ('initError' in found) return { initError: found.initError };
    await this.recycle(fn.operation);
    return { runtime: found.environment.runtime };
  }

  /** Stops the function's environments: its next invocations start cold (as after a deploy or a scale-in). */
  async recycle(operation: string): Promise<void> {
    const pool = this.environments.get(operation) ?? [];
    this.environments.set(operation, []);
    await Promise.all(pool.map((environment) => environment.stop()));
  }

  async stop(): Promise<void> {
    await Promise.allSettled([...this.starting]);
    await Promise.all([...this.environments.values()].flat().map((environment) => environment.stop()));
    this.environments.clear();
  }
}
