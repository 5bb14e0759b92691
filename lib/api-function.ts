import { existsSync, readFileSync } from 'node:fs';
import * as path from 'node:path';
import { Duration, Validations } from 'aws-cdk-lib';
import type * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as iam from 'aws-cdk-lib/aws-iam';
import type * as kms from 'aws-cdk-lib/aws-kms';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import { NodejsFunction, type NodejsFunctionProps, OutputFormat } from 'aws-cdk-lib/aws-lambda-nodejs';
import * as logs from 'aws-cdk-lib/aws-logs';
import type * as s3 from 'aws-cdk-lib/aws-s3';
import type * as secretsmanager from 'aws-cdk-lib/aws-secretsmanager';
import { Construct } from 'constructs';
import type { NativeModule } from '#shared/api/operation';
import { InlinePolicyRole } from './inline-policy-role';
import { nagName } from './nag-names';

/** The repository root: functions/, tsconfig.json and package-lock.json live here. */
export const PROJECT_ROOT = path.resolve(__dirname, '..');

/**
 * The API functions' timeout: under API Gateway's 30 s integration limit, and over the longest
 * request deadline (config.requestDeadline.outboundMs, 20 s) plus the margin the deadline keeps to
 * answer (shared/http/request-deadline.ts): a request answers by its deadline, the function's
 * timeout is only the backstop for code that never yields (docs/decisions/0038-a-deadline-on-every-request.md).
 */
export const API_FUNCTION_TIMEOUT_SECONDS = 25;

/**
 * 'bundle' runs esbuild on functions/<operation>/handler.ts (every real synth and deploy);
 * 'stub' puts a placeholder inline so template tests neither wait for esbuild nor depend on
 * handler files that other people may still be writing. Everything else is identical.
 */
export type HandlerCode = 'bundle' | 'stub';

export interface ApiFunctionProps {
  /** The folder under functions/; also the name in logs and the function's description. */
  operation: string;
  handlerCode: HandlerCode;
  /** Settings every function gets (service name, log level, platform URLs...). */
  environment: Record<string, string>;
  /** API functions answer inside API Gateway's 30 s integration limit; the publisher may take longer. */
  timeout?: Duration;
  /** MB; 256 unless the function decodes images (memory also buys CPU in Lambda). */
  memorySize?: number;
  description?: string;
  /** Native packages installed beside the bundle (shared/api/operation.ts, `nativeModules`). */
  nativeModules?: readonly NativeModule[];
  /**
   * A log group shared with other functions (the route functions' request log,
   * docs/decisions/0330-one-log-group-for-the-route-functions.md); a group of its own when absent.
   */
  logGroup?: logs.ILogGroup;
  /**
   * A role shared with functions whose grants are the same (route functions with the same needs,
   * docs/decisions/0331-route-functions-with-the-same-needs-share-a-role.md); a role of its own when absent.
   */
  role?: InlinePolicyRole;
}

/**
 * One Lambda function with every default of this service baked in once (Node.js 24 on arm64,
 * esbuild bundling with the tsconfig path aliases, a log group with retention, X-Ray). Each
 * `bind*` method sets an environment variable and the matching grant together, so a function
 * can reach exactly the resources it was told about.
 */
export class ApiFunction extends Construct {
  readonly function: NodejsFunction;
  /** Its role: its own, or the one it shares (props.role). */
  readonly role: InlinePolicyRole;

  constructor(scope: Construct, id: string, props: ApiFunctionProps) {
    super(scope, id);
    const logGroup = props.logGroup ?? new logs.LogGroup(this, 'Logs', { retention: logs.RetentionDays.ONE_MONTH });
    // Our own role instead of AWSLambdaBasicExecutionRole: that managed policy lets the function
    // write to any log group in the account; this one may write to its own only. Its grants are
    // inline in the role (lib/inline-policy-role.ts): no policy resource of its own per function.
    const role = props.role ?? new InlinePolicyRole(this, 'Role', { assumedBy: new iam.ServicePrincipal('lambda.amazonaws.com') });
    this.role = role;
    logGroup.grantWrite(role);

    this.function = new NodejsFunction(this, 'Function', {
      description: props.description ?? props.operation,
      runtime: lambda.Runtime.NODEJS_24_X,
      architecture: lambda.Architecture.ARM_64,
      memorySize: props.memorySize ?? 256,
      timeout: props.timeout ?? Duration.seconds(API_FUNCTION_TIMEOUT_SECONDS),
      role,
      logGroup,
      tracing: lambda.Tracing.ACTIVE,
      environment: {
        ...props.environment,
        POWERTOOLS_SERVICE_NAME: 'social-posting',
        POWERTOOLS_METRICS_NAMESPACE: 'SocialPosting',
        // Stack traces in the logs point at the TypeScript sources, not the minified bundle.
        NODE_OPTIONS: '--enable-source-maps',
      },
      ...functionCode(props),
    });
    // cdk-nag acknowledgments, on this construct so they cover its role's policy too.
    Validations.of(this).acknowledge(
      {
        id: 'AwsSolutions-IAM5[Resource::*]',
        reason: 'X-Ray PutTraceSegments/PutTelemetryRecords support no resource-level permissions, so their resource is *.',
      },
      {
        id: 'AwsSolutions-L1',
        reason:
          'Pinned to Node.js 24 on purpose: the active LTS the project is built and tested with (the bundles run on it in test/aws-emulation); moving to a newer runtime is a tested change, not a silent one.',
      },
    );
  }

  /**
   * TABLE_NAME plus read-only or read-write item access on the table and its index (explicit
   * actions, no dynamodb:*). Not grantReadData/grantReadWriteData: they add the stream reads
   * (GetRecords, GetShardIterator) in a statement of their own, and the table has no stream;
   * test/aws-emulation shows every statement a role holds is needed.
   */
  bindTable(table: dynamodb.Table, access: 'RO' | 'RW'): this {
    this.function.addEnvironment('TABLE_NAME', table.tableName);
    table.grant(this.function, ...TABLE_READ_ACTIONS, ...(access === 'RW' ? TABLE_WRITE_ACTIONS : []));
    Validations.of(this).acknowledge({
      id: `AwsSolutions-IAM5[Resource::${nagName(this, table, table.tableArn)}/index/*]`,
      reason: 'Access to the table includes its index gsi1, addressed as <table-arn>/index/*.',
    });
    return this;
  }

  /** KMS_KEY_ID plus exactly what the secret box's envelope encryption calls: to seal and open, or to open only. */
  bindSecretBoxKey(key: kms.IKey, access: 'seal-and-open' | 'open' = 'seal-and-open'): this {
    this.function.addEnvironment('KMS_KEY_ID', key.keyArn);
    if (access === 'open') key.grant(this.function, 'kms:Decrypt');
    else key.grant(this.function, 'kms:GenerateDataKey', 'kms:Decrypt');
    return this;
  }

  /** MEDIA_BUCKET plus exactly the object actions this function's part of the media flow uses. */
  bindMediaBucket(bucket: s3.IBucket, actions: Array<'put' | 'read' | 'delete'>): this {
    this.function.addEnvironment('MEDIA_BUCKET', bucket.bucketName);
    const s3Actions = { put: 's3:PutObject', read: 's3:GetObject', delete: 's3:DeleteObject' };
    this.function.addToRolePolicy(
      new iam.PolicyStatement({ actions: actions.map((action) => s3Actions[action]), resources: [bucket.arnForObjects('*')] }),
    );
    Validations.of(this).acknowledge({
      id: `AwsSolutions-IAM5[Resource::${nagName(this, bucket, bucket.bucketArn)}/*]`,
      reason:
        'Media objects are addressed per account and media id under the bucket; the function acts on any of them, scoped by the ids in the table.',
    });
    return this;
  }

  /** `<variable>` = the secret's ARN, plus permission to read its value. */
  bindSecret(variable: string, secret: secretsmanager.ISecret): this {
    this.function.addEnvironment(variable, secret.secretArn);
    secret.grantRead(this.function);
    return this;
  }
}

/** Item reads, as grantReadData gives them less the stream reads. */
const TABLE_READ_ACTIONS = [
  'dynamodb:BatchGetItem',
  'dynamodb:Query',
  'dynamodb:GetItem',
  'dynamodb:Scan',
  'dynamodb:ConditionCheckItem',
  'dynamodb:DescribeTable',
];
/** Item writes, as grantWriteData gives them. */
const TABLE_WRITE_ACTIONS = ['dynamodb:BatchWriteItem', 'dynamodb:PutItem', 'dynamodb:UpdateItem', 'dynamodb:DeleteItem'];

/**
 * sharp for the Lambda's platform (linux arm64, glibc), installed once by `npm ci --prefix
 * lambda-native` (its .npmrc names the platform, its lock file pins sharp and its @img binaries)
 * and copied beside each image function's bundle: synth runs no npm and needs no network
 * (docs/decisions/0187-sharp-for-lambda-installed-once-copied-at-synth.md).
 */
export const LAMBDA_NATIVE_MODULES = path.join(PROJECT_ROOT, 'lambda-native', 'node_modules');

/** Fails the synth with what to do when lambda-native is missing or holds another sharp than the project's. */
export function assertLambdaNativeModules(root = PROJECT_ROOT, modules = LAMBDA_NATIVE_MODULES): void {
  const version = (packageJson: string): string | undefined =>
    existsSync(packageJson) ? (JSON.parse(readFileSync(packageJson, 'utf8')) as { version?: string }).version : undefined;
  const wanted = version(path.join(root, 'node_modules', 'sharp', 'package.json'));
  const found = version(path.join(modules, 'sharp', 'package.json'));
  const binary = existsSync(path.join(modules, '@img', 'sharp-linux-arm64', 'package.json'));
  if (!found || !binary)
    throw new Error(
      `sharp for Lambda (linux arm64) is not installed in ${modules}: run \`npm ci --prefix lambda-native\` once (npm install runs it)`,
    );
  if (wanted && found !== wanted)
    throw new Error(
      `lambda-native holds sharp ${found}, the project uses ${wanted}: set the same version in lambda-native/package.json, then \`npm install --prefix lambda-native\``,
    );
}

function sharpForLambda(): Partial<NonNullable<NodejsFunctionProps['bundling']>> {
  assertLambdaNativeModules();
  return {
    // Not bundled (native code), and not installed by CDK either: copied after bundling.
    externalModules: ['@aws-sdk/*', 'sharp'],
    commandHooks: {
      beforeBundling: () => [],
      beforeInstall: () => [],
      afterBundling: (inputDir, outputDir) => [...mediaWorkerBundle(inputDir, outputDir), copyLambdaNativeModules(outputDir)],
    },
  };
}

const quote = (value: string) => `'${value.replace(/'/g, `'\\''`)}'`;

/** sharp, its @img/sharp-linux-arm64 and @img/sharp-libvips-linux-arm64, and its three small dependencies, as npm laid them out. */
function copyLambdaNativeModules(outputDir: string): string {
  return `cp -R ${quote(LAMBDA_NATIVE_MODULES)} ${quote(path.join(outputDir, 'node_modules'))}`;
}

/**
 * The same functions parse untrusted media in a worker thread (shared/media/sandbox/pool.ts), which
 * loads a file of its own: bundled here beside index.js, with sharp left to the installed package.
 */
function mediaWorkerBundle(_inputDir: string, outputDir: string): string[] {
  return [
    [
      quote(path.join(PROJECT_ROOT, 'node_modules', '.bin', 'esbuild')),
      quote(path.join(PROJECT_ROOT, 'shared', 'media', 'sandbox', 'worker.ts')),
      '--bundle --platform=node --format=cjs --target=node24 --minify --sourcemap --sources-content=false --external:sharp',
      `--tsconfig=${quote(path.join(PROJECT_ROOT, 'tsconfig.json'))}`,
      `--outfile=${quote(path.join(outputDir, 'media-sandbox-worker.js'))}`,
    ].join(' '),
  ];
}

/** shared/wiring/aws.ts: the ports' AWS implementations (see shared/ports/registry.ts). */
const AWS_COMPOSITION_ROOT = path.join(PROJECT_ROOT, 'shared', 'wiring', 'aws.ts');

/** Where the code comes from: esbuild on the handler's source (its request validators are committed), or the test stub. */
function functionCode(props: ApiFunctionProps): NodejsFunctionProps {
  if (props.handlerCode === 'stub') {
    return {
      code: lambda.Code.fromInline('exports.handler = async () => { throw new Error("template-test stub"); };'),
      handler: 'index.handler',
    };
  }
  return {
    entry: path.join(PROJECT_ROOT, 'functions', props.operation, 'handler.ts'),
    handler: 'handler',
    projectRoot: PROJECT_ROOT,
    depsLockFilePath: path.join(PROJECT_ROOT, 'package-lock.json'),
    bundling: {
      // The locally installed esbuild, never a Docker image: synth works offline and fast.
      forceDockerBundling: false,
      // esbuild resolves the #shared/* and #functions/* aliases from this tsconfig's `paths`.
      tsconfig: path.join(PROJECT_ROOT, 'tsconfig.json'),
      // The Lambda composition root runs first in every bundle: it wires the AWS implementation
      // of each port, so no handler names one and no local implementation is ever bundled.
      inject: [AWS_COMPOSITION_ROOT],
      format: OutputFormat.CJS,
      target: 'node24',
      minify: true,
      sourceMap: true,
      // File and line numbers in stack traces need the mappings only, not a copy of every source.
      sourcesContent: false,
      // The Node.js 24 runtime ships AWS SDK v3; bundling it again only adds cold-start weight.
      externalModules: ['@aws-sdk/*'],
      // Functions that decode images (their manifest entry says so): complete-media, the publisher (link-card thumbnails), MCP.
      ...(props.nativeModules?.includes('sharp') ? sharpForLambda() : {}),
    },
  };
}
