import { App } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { ServiceStack } from '../../lib/service-stack';
import type { ServiceSettings } from '../../lib/settings';

export const TEST_SETTINGS: ServiceSettings = {
  linkedinClientId: 'test-client-id',
  linkedinApiVersion: '202511',
  oauthReturnUrlHosts: 'app.example.com',
};

/**
 * The production stack with stub handler code: the template is the real one except each
 * function's code asset, so tests need neither esbuild nor every handler file to exist yet.
 */
export function buildStack(settings: ServiceSettings = TEST_SETTINGS): { app: App; stack: ServiceStack; template: Template } {
  const app = new App();
  const stack = new ServiceStack(app, 'social-posting-test', {
    env: { account: '123456789012', region: 'eu-west-1' },
    settings,
    handlerCode: 'stub',
  });
  return { app, stack, template: Template.fromStack(stack) };
}

let shared: ReturnType<typeof buildStack> | undefined;

/**
 * One default build for every cases file that only reads it (a synth costs seconds of CPU, and the
 * files run in one jest process). A file that adds to the app (cdk-nag's aspects) builds its own.
 */
export function sharedDefaultStack(): ReturnType<typeof buildStack> {
  shared ??= buildStack();
  return shared;
}
