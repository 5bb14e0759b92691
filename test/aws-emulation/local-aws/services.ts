import type { LambdaService } from '../lambda/lambda-service';
import type { PhysicalResources } from '../physical-resources';
import { AccessDenied, type Principal, type RolePolicies } from '../role-policies';
import { resourcesOfType, type CfnTemplate } from '../template';
import type { WorldClock } from '../world-clock';
import { dynamoDbService } from './dynamodb';
import { kmsService } from './kms';
import { LocalS3 } from './s3';
import { LocalScheduler, scheduleGroupArn, type Schedule } from './scheduler';
import { secretsManager, type SecretsStore } from './secrets-manager';
import type { LocalAwsServer } from './server';
import { LocalQueues } from './sqs';

export interface LocalServices {
  queues: LocalQueues;
  scheduler: LocalScheduler;
  s3: LocalS3;
  secrets: SecretsStore;
  /** Schedules whose target could not be invoked and whose dead-letter delivery failed too. */
  lostSchedules: Array<{ schedule: string; reason: string }>;
}

/**
 * The template's AWS resources as local services on the endpoint: its queues (with redrive), key,
 * secrets, buckets, schedule groups, and the table behind DynamoDB Local. A schedule that fires
 * assumes its role (the role's trust policy, with the `aws:SourceArn` and `aws:SourceAccount`
 * Scheduler sends), then invokes its target asynchronously as that role (lambda:InvokeFunction
 * checked against the role's policy) or sends to its target queue (sqs:SendMessage), or
 * dead-letters as that role.
 */
export function wireServices(options: {
  template: CfnTemplate;
  physical: PhysicalResources;
  policies: RolePolicies;
  clock: WorldClock;
  aws: LocalAwsServer;
  engine: string;
}): LocalServices & { attachLambda(lambda: LambdaService): void } {
  const { template, physical, policies, clock, aws } = options;
  const ids = (type: string) => resourcesOfType(template, type).map(([logicalId]) => logicalId);
  const queues = new LocalQueues(
    clock,
    resourcesOfType(template, 'AWS::SQS::Queue').map(([logicalId, { Properties: p = {} }]) => ({
      arn: physical.getAtt(logicalId, 'Arn'),
      url: physical.ref(logicalId),
      visibilityTimeoutSeconds: p.VisibilityTimeout ?? 30,
      redrive: p.RedrivePolicy && {
        deadLetterArn: physical.resolveString(p.RedrivePolicy.deadLetterTargetArn),
        maxReceiveCount: p.RedrivePolicy.maxReceiveCount,
      },
    })),
  );
  const secrets = secretsManager(ids('AWS::SecretsManager::Secret').map((id) => physical.ref(id)));
  const s3 = new LocalS3(
    clock,
    ids('AWS::S3::Bucket').map((id) => physical.ref(id)),
  );
  const lostSchedules: LocalServices['lostSchedules'] = [];
  let lambda: LambdaService | undefined;

  const roleOf = (roleArn: string): Principal => {
    const roleLogicalId = physical.logicalIdOf(roleArn);
    if (!roleLogicalId) throw new Error(`schedule role ${roleArn} is not in the template`);
    return { roleLogicalId, roleName: physical.ref(roleLogicalId), sessionName: 'scheduler' };
  };
  // Scheduler's retries (RetryPolicy) would meet the same refusal: an invoke it may not make dead-letters at once.
  const fire = async (schedule: Schedule): Promise<void> => {
    const principal = roleOf(schedule.target.RoleArn);
    // First Scheduler assumes the execution role, under its trust policy: refused, nothing runs and
    // nothing is dead-lettered (the dead-letter queue is sent to as that role too).
    try {
      await policies.assumeRoleForSchedule(schedule.target.RoleArn, scheduleGroupArn(schedule.group));
    } catch (error) {
      if (!(error instanceof AccessDenied)) throw error;
      return void lostSchedules.push({ schedule: schedule.name, reason: error.message });
    }
    // Scheduler's templated targets: a function (invoked asynchronously) or a queue (sent to), each as the role.
    const toQueue = schedule.target.Arn.startsWith('arn:aws:sqs:');
    try {
      await policies.authorize(principal, { action: toQueue ? 'sqs:SendMessage' : 'lambda:InvokeFunction', resource: schedule.target.Arn });
    } catch (error) {
      if (!(error instanceof AccessDenied)) throw error;
      const deadLetters = schedule.target.DeadLetterConfig?.Arn;
      if (deadLetters && (await policies.allows(principal, { action: 'sqs:SendMessage', resource: deadLetters }))) {
        queues.send(
          deadLetters,
          JSON.stringify({ schedule: schedule.arn, input: schedule.target.Input, error: error.message }),
          0,
          'scheduler',
        );
      } else {
        lostSchedules.push({ schedule: schedule.name, reason: error.message });
      }
      return;
    }
    if (toQueue) return void queues.send(schedule.target.Arn, schedule.target.Input ?? '', 0, 'scheduler');
    const fn = lambda?.byArn(schedule.target.Arn);
    if (!fn) throw new Error(`schedule target ${schedule.target.Arn} is not a function of the template`);
    lambda!.invokeAsync(fn, JSON.parse(schedule.target.Input ?? '{}'), 'scheduler');
  };
  const scheduler = new LocalScheduler(
    clock,
    ids('AWS::Scheduler::ScheduleGroup').map((id) => physical.ref(id)),
    fire,
  );

  aws.services.set('dynamodb', dynamoDbService(options.engine));
  aws.services.set('kms', kmsService(ids('AWS::KMS::Key').map((id) => physical.getAtt(id, 'Arn'))));
  aws.services.set('secretsmanager', secrets.service);
  aws.services.set('sqs', queues.service());
  aws.services.set('scheduler', scheduler.service());
  aws.services.set('s3', s3.service());
  return { queues, scheduler, s3, secrets, lostSchedules, attachLambda: (attached) => void (lambda = attached) };
}
