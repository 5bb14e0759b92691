import { App } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import type { DataStack } from '../../lib/data-stack';
import type { ServiceStack } from '../../lib/service-stack';
import { serviceStacks } from '../../lib/service-stacks';
import type { ServiceSettings } from '../../lib/settings';
import { joinStacks } from '../aws-emulation/stack-set';
import type { CfnTemplate } from '../aws-emulation/template';

export const TEST_SETTINGS: ServiceSettings = {
  linkedinClientId: 'test-client-id',
  linkedinApiVersion: '202511',
  oauthReturnUrlHosts: 'app.example.com',
};

export interface BuiltStacks {
  app: App;
  /** The service stack: functions, API, schedules, alarms, dashboard hosting. */
  stack: ServiceStack;
  template: Template;
  /** The data stack: table, key, secret, media bucket, queues (lib/data-stack.ts). */
  data: DataStack;
  dataTemplate: Template;
}

/**
 * The production stacks with stub handler code: the templates are the real ones except each
 * function's code asset, so tests need neither esbuild nor every handler file to exist yet.
 */
export function buildStack(settings: ServiceSettings = TEST_SETTINGS): BuiltStacks {
  const app = new App();
  const { data, service } = serviceStacks(app, 'social-posting-test', {
    env: { account: '123456789012', region: 'eu-west-1' },
    settings,
    handlerCode: 'stub',
  });
  // The service stack first: its references are what make the data stack's exports.
  const template = Template.fromStack(service);
  return { app, stack: service, template, data, dataTemplate: Template.fromStack(data) };
}

let shared: BuiltStacks | undefined;

/**
 * One default build for every cases file that only reads it (a synth costs seconds of CPU, and the
 * files run in one jest process). A file that adds to the app (cdk-nag's aspects) builds its own.
 */
export function sharedDefaultStack(): BuiltStacks {
  shared ??= buildStack();
  return shared;
}

/**
 * Both stacks as one deployment (test/aws-emulation/stack-set.ts): the service stack's imports resolved to
 * the data stack's resources, as CloudFormation resolves them, for what evaluates policies by ARN.
 */
export function deployedTemplate(built: BuiltStacks): CfnTemplate {
  return joinStacks([
    { name: built.data.stackName, template: built.dataTemplate.toJSON() as CfnTemplate },
    { name: built.stack.stackName, template: built.template.toJSON() as CfnTemplate },
  ]);
}
