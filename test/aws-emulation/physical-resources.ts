import { createHash } from 'node:crypto';
import { ACCOUNT, PARTITION, REGION, STACK_NAME, URL_SUFFIX } from './aws-names';
import type { CfnTemplate } from './template';

/**
 * The physical names and ARNs this emulated deployment gives the template's resources, and the
 * resolution of the template's intrinsics (Ref, Fn::GetAtt, Fn::Join, pseudo parameters) to them,
 * as CloudFormation resolves them at deploy time. Names are derived from the logical id, like
 * CloudFormation's generated names; the table is the one the test made in DynamoDB Local, and
 * queue URLs point at the local AWS endpoint (as LocalStack's do), so the SDK reaches it whichever
 * host it takes the URL from.
 */
export interface PhysicalSettings {
  tableName: string;
  /** Where the queues live: the local AWS endpoint. */
  localAwsUrl: string;
}

const digest = (text: string, length: number): string => createHash('sha256').update(text).digest('hex').slice(0, length);
const arn = (service: string, resource: string, region = REGION, account = ACCOUNT): string =>
  `arn:${PARTITION}:${service}:${region}:${account}:${resource}`;

export class PhysicalResources {
  constructor(
    private readonly template: CfnTemplate,
    private readonly settings: PhysicalSettings,
  ) {}

  private type(logicalId: string): string {
    const resource = this.template.Resources[logicalId];
    if (!resource) throw new Error(`no resource ${logicalId} in the template`);
    return resource.Type;
  }

  /** A CloudFormation-like generated name: stack, logical id, a stable suffix; cut to the service's limit. */
  private generatedName(logicalId: string, max: number): string {
    const suffix = digest(logicalId, 12).toUpperCase();
    return `${STACK_NAME}-${logicalId}`.slice(0, max - suffix.length - 1) + `-${suffix}`;
  }

  /** `{Ref: logicalId}`. */
  ref(logicalId: string): string {
    const properties = this.template.Resources[logicalId]?.Properties ?? {};
    switch (this.type(logicalId)) {
      case 'AWS::DynamoDB::Table':
        return this.settings.tableName;
      case 'AWS::SQS::Queue':
        return `${this.settings.localAwsUrl}/${ACCOUNT}/${this.generatedName(logicalId, 80)}`;
      case 'AWS::Lambda::Function':
        return this.generatedName(logicalId, 64);
      case 'AWS::IAM::Role':
        return this.generatedName(logicalId, 64);
      case 'AWS::KMS::Key':
        return this.keyId(logicalId);
      case 'AWS::SecretsManager::Secret':
        return arn('secretsmanager', `secret:${logicalId}-${digest(logicalId, 6)}`);
      case 'AWS::Logs::LogGroup':
        return this.generatedName(logicalId, 512);
      case 'AWS::Scheduler::ScheduleGroup':
        return properties.Name ?? this.generatedName(logicalId, 64);
      case 'AWS::S3::Bucket':
        return this.generatedName(logicalId, 63).toLowerCase();
      case 'AWS::ApiGatewayV2::Api':
        return digest(logicalId, 10);
      case 'AWS::ApiGatewayV2::Stage':
        return properties.StageName;
      case 'AWS::CloudFront::Distribution':
        return `E${digest(logicalId, 13).toUpperCase()}`;
      default:
        return this.generatedName(logicalId, 128);
    }
  }

  /** `{"Fn::GetAtt": [logicalId, attribute]}`. */
  getAtt(logicalId: string, attribute: string): string {
    const type = this.type(logicalId);
    const name = this.ref(logicalId);
    const value = (
      {
        // The stream's ARN: policies name it (the webhook dispatcher reads the stream), nothing here reads it.
        'AWS::DynamoDB::Table': {
          Arn: arn('dynamodb', `table/${name}`),
          StreamArn: arn('dynamodb', `table/${name}/stream/2026-01-01T00:00:00.000`),
        },
        'AWS::SQS::Queue': { Arn: arn('sqs', name.split('/').pop()!), QueueName: name.split('/').pop()!, QueueUrl: name },
        'AWS::Lambda::Function': { Arn: arn('lambda', `function:${name}`) },
        'AWS::IAM::Role': { Arn: `arn:${PARTITION}:iam::${ACCOUNT}:role/${name}`, RoleId: `AROA${digest(logicalId, 17).toUpperCase()}` },
        'AWS::KMS::Key': { Arn: arn('kms', `key/${name}`), KeyId: name },
        'AWS::Logs::LogGroup': { Arn: arn('logs', `log-group:${name}:*`) },
        'AWS::Scheduler::ScheduleGroup': { Arn: arn('scheduler', `schedule-group/${name}`) },
        'AWS::S3::Bucket': {
          Arn: `arn:${PARTITION}:s3:::${name}`,
          DomainName: `${name}.s3.${URL_SUFFIX}`,
          RegionalDomainName: `${name}.s3.${REGION}.${URL_SUFFIX}`,
        },
        'AWS::ApiGatewayV2::Api': { ApiEndpoint: `https://${name}.execute-api.${REGION}.${URL_SUFFIX}`, ApiId: name },
        'AWS::CloudFront::Distribution': { DomainName: `d${digest(logicalId, 13)}.cloudfront.net`, Id: name },
      } as Record<string, Record<string, string>>
    )[type]?.[attribute];
    if (value === undefined) throw new Error(`Fn::GetAtt ${logicalId}.${attribute} (${type}) is not emulated`);
    return value;
  }

  private keyId(logicalId: string): string {
    const hex = digest(logicalId, 32);
    return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20, 32)}`;
  }

  /** A template value with every intrinsic resolved; throws on one this emulation does not know. */
  resolve(value: unknown): unknown {
    if (Array.isArray(value)) return value.map((item) => this.resolve(item));
    if (!value || typeof value !== 'object') return value;
    const record = value as Record<string, unknown>;
    const keys = Object.keys(record);
    if (keys.length === 1 && keys[0] === 'Ref') return this.resolveRef(String(record.Ref));
    if (keys.length === 1 && keys[0] === 'Fn::GetAtt') {
      const [logicalId, attribute] = record['Fn::GetAtt'] as [string, string];
      return this.getAtt(logicalId, attribute);
    }
    if (keys.length === 1 && keys[0] === 'Fn::Join') {
      const [separator, parts] = record['Fn::Join'] as [string, unknown[]];
      return parts.map((part) => String(this.resolve(part))).join(separator);
    }
    if (keys.length === 1 && keys[0].startsWith('Fn::')) throw new Error(`${keys[0]} is not emulated`);
    return Object.fromEntries(Object.entries(record).map(([key, child]) => [key, this.resolve(child)]));
  }

  resolveString(value: unknown): string {
    const resolved = this.resolve(value);
    if (typeof resolved !== 'string') throw new Error(`expected a string, got ${JSON.stringify(resolved)}`);
    return resolved;
  }

  private resolveRef(name: string): string {
    const pseudo: Record<string, string> = {
      'AWS::Partition': PARTITION,
      'AWS::Region': REGION,
      'AWS::AccountId': ACCOUNT,
      'AWS::URLSuffix': URL_SUFFIX,
      'AWS::StackName': STACK_NAME,
    };
    return pseudo[name] ?? this.ref(name);
  }

  /** The logical id whose Ref or GetAtt Arn is this physical value (e.g. a function ARN in a schedule's target). */
  logicalIdOf(physical: string): string | undefined {
    return Object.keys(this.template.Resources).find((logicalId) => {
      if (this.ref(logicalId) === physical) return true;
      try {
        return this.getAtt(logicalId, 'Arn') === physical;
      } catch {
        return false;
      }
    });
  }
}
