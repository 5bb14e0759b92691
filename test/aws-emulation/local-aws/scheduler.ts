import { ACCOUNT, PARTITION, REGION } from '../aws-names';
import type { WorldClock } from '../world-clock';
import { AwsError, parseJsonBody, type AwsCall, type AwsService } from './protocol';

export interface ScheduleTarget {
  Arn: string;
  RoleArn: string;
  Input?: string;
  RetryPolicy?: { MaximumRetryAttempts?: number; MaximumEventAgeInSeconds?: number };
  DeadLetterConfig?: { Arn?: string };
}

export interface Schedule {
  name: string;
  group: string;
  arn: string;
  expression: string;
  /** When it fires, in the world's time. */
  firesAt: number;
  target: ScheduleTarget;
  clientToken?: string;
  deleteAfterCompletion: boolean;
}

/** EventBridge Scheduler fires a one-time schedule within the minute it names; this emulation, half-way through it. */
export const FIRING_DELAY_IN_MINUTE_MS = 30_000;

const scheduleArn = (group: string, name: string): string => `arn:${PARTITION}:scheduler:${REGION}:${ACCOUNT}:schedule/${group}/${name}`;

/** What Scheduler sends as `aws:SourceArn` when it assumes a schedule's role: the schedule group's ARN, not the schedule's. */
export const scheduleGroupArn = (group: string): string => `arn:${PARTITION}:scheduler:${REGION}:${ACCOUNT}:schedule-group/${group}`;

function parseAt(expression: string, timezone: string | undefined): number {
  const match = /^at\((\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2})\)$/.exec(expression);
  if (!match) throw new AwsError(400, 'ValidationException', `Invalid Schedule Expression ${expression}. Only at() is emulated.`);
  if (timezone && timezone !== 'UTC') throw new AwsError(400, 'ValidationException', `Time zone ${timezone} is not emulated`);
  return Date.parse(`${match[1]}Z`);
}

/**
 * EventBridge Scheduler (REST-JSON): CreateSchedule (IAM scheduler:CreateSchedule on the schedule's
 * ARN, and iam:PassRole on the target's role with iam:PassedToService), DeleteSchedule, GetSchedule,
 * in the template's schedule groups. At its time a schedule runs `fire` (the deployment invokes
 * the target as the schedule's role), then is deleted when ActionAfterCompletion says so.
 */
export class LocalScheduler {
  private readonly schedules = new Map<string, Schedule>();
  private firing = 0;

  constructor(
    private readonly clock: WorldClock,
    private readonly groups: string[],
    private readonly fire: (schedule: Schedule) => Promise<void>,
  ) {}

  list(): Schedule[] {
    return [...this.schedules.values()];
  }

  /** Whether a schedule is firing: assuming its role, checking its invoke, handing the event over (IAM's answers are asynchronous). */
  get busy(): boolean {
    return this.firing > 0;
  }

  service(): AwsService {
    return async (call) => {
      const match = /^\/schedules\/([^/]+)$/.exec(call.url.pathname);
      if (!match) throw new AwsError(404, 'ResourceNotFoundException', `No such API ${call.method} ${call.url.pathname}`);
      const name = decodeURIComponent(match[1]);
      if (call.method === 'POST') return this.create(call, name);
      const group = call.url.searchParams.get('groupName') ?? 'default';
      const key = `${group}/${name}`;
      const existing = this.schedules.get(key);
      if (call.method === 'DELETE') {
        await call.authorizeOperation(scheduleArn(group, name), { operation: 'DeleteSchedule' });
        if (!existing) throw new AwsError(404, 'ResourceNotFoundException', `Schedule ${name} does not exist.`);
        this.schedules.delete(key);
        return { status: 200, headers: { 'content-type': 'application/json' }, body: '{}' };
      }
      await call.authorizeOperation(scheduleArn(group, name), { operation: 'GetSchedule' });
      if (!existing) throw new AwsError(404, 'ResourceNotFoundException', `Schedule ${name} does not exist.`);
      return {
        status: 200,
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          Arn: existing.arn,
          Name: name,
          GroupName: group,
          ScheduleExpression: existing.expression,
          Target: existing.target,
        }),
      };
    };
  }

  private async create(call: AwsCall, name: string) {
    const body = parseJsonBody<{
      GroupName?: string;
      ScheduleExpression: string;
      ScheduleExpressionTimezone?: string;
      Target: ScheduleTarget;
      ClientToken?: string;
      ActionAfterCompletion?: string;
    }>(call);
    const group = body.GroupName ?? 'default';
    const arn = scheduleArn(group, name);
    await call.authorizeOperation(arn, { operation: 'CreateSchedule' });
    // CreateSchedule passes the target's role to Scheduler: authorized as iam:PassRole too (no action of the operation's name).
    await call.authorize('iam:PassRole', body.Target.RoleArn, { 'iam:PassedToService': 'scheduler.amazonaws.com' });
    if (group !== 'default' && !this.groups.includes(group))
      throw new AwsError(404, 'ResourceNotFoundException', `Schedule group ${group} does not exist.`);
    if (!/^[0-9a-zA-Z-_.]{1,64}$/.test(name)) throw new AwsError(400, 'ValidationException', `Invalid schedule name ${name}`);
    const key = `${group}/${name}`;
    const existing = this.schedules.get(key);
    if (existing) {
      if (existing.clientToken && existing.clientToken === body.ClientToken) return this.created(arn);
      throw new AwsError(409, 'ConflictException', `Schedule ${name} already exists.`);
    }
    const schedule: Schedule = {
      name,
      group,
      arn,
      expression: body.ScheduleExpression,
      firesAt: parseAt(body.ScheduleExpression, body.ScheduleExpressionTimezone) + FIRING_DELAY_IN_MINUTE_MS,
      target: body.Target,
      clientToken: body.ClientToken,
      deleteAfterCompletion: body.ActionAfterCompletion === 'DELETE',
    };
    this.schedules.set(key, schedule);
    this.clock.at(schedule.firesAt, () => {
      if (this.schedules.get(key) !== schedule) return;
      this.firing += 1;
      void this.fire(schedule).finally(() => {
        this.firing -= 1;
        if (schedule.deleteAfterCompletion && this.schedules.get(key) === schedule) this.schedules.delete(key);
      });
    });
    return this.created(arn);
  }

  private created(arn: string) {
    return { status: 200, headers: { 'content-type': 'application/json' }, body: JSON.stringify({ ScheduleArn: arn }) };
  }
}
