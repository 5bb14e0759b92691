#!/usr/bin/env node
import { App, Validations } from 'aws-cdk-lib';
import { AwsSolutionsChecks } from 'cdk-nag';
import { serviceStacks } from '../lib/service-stacks';
import { settingsFromContext } from '../lib/settings';

/**
 * `npx cdk synth` / `npx cdk deploy --all`, with settings as context, e.g.
 * `npx cdk deploy --all -c linkedinClientId=abc -c publicBaseUrl=https://api.example.com/v1`
 * (lib/settings.ts lists them). Two stacks: `social-posting-data` (table, key, secret, buckets,
 * queues) and `social-posting` (everything else), deployed in that order
 * (docs/decisions/0111-stateful-resources-in-their-own-stack.md). Works offline and without
 * credentials: the stacks are then environment-agnostic.
 */
const app = new App();
serviceStacks(app, 'social-posting', {
  description: 'Social posting service: HTTP API, functions, scheduled publishing, alarms (its data: social-posting-data)',
  env: { account: process.env.CDK_DEFAULT_ACCOUNT, region: process.env.CDK_DEFAULT_REGION },
  settings: settingsFromContext(app.node),
});
// Every synth checks the AWS Solutions rules on both stacks (cdk-nag 3 is a policy-validation
// plugin): a finding not acknowledged in code, with its reason, fails the synth.
Validations.of(app).addPlugins(new AwsSolutionsChecks(app));
