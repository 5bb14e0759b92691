#!/usr/bin/env node
import { App, Validations } from 'aws-cdk-lib';
import { AwsSolutionsChecks } from 'cdk-nag';
import { ServiceStack } from '../lib/service-stack';
import { settingsFromContext } from '../lib/settings';

/**
 * `npx cdk synth` / `npx cdk deploy`, with settings as context, e.g.
 * `npx cdk deploy -c linkedinClientId=abc -c publicBaseUrl=https://api.example.com/v1`
 * (lib/settings.ts lists them). Works offline and without credentials: the stack is then
 * environment-agnostic.
 */
const app = new App();
new ServiceStack(app, 'social-posting', {
  description: 'Social posting service: HTTP API, single DynamoDB table, scheduled publishing',
  env: { account: process.env.CDK_DEFAULT_ACCOUNT, region: process.env.CDK_DEFAULT_REGION },
  settings: settingsFromContext(app.node),
});
// Every synth checks the AWS Solutions rules (cdk-nag 3 is a policy-validation plugin): a
// finding not acknowledged in code, with its reason, fails the synth.
Validations.of(app).addPlugins(new AwsSolutionsChecks(app));
