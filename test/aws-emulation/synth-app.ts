/**
 * The CDK app the deployed-artifact tests synthesize, run in a child process by synthesis.ts:
 * the production stacks (data and service, lib/service-stacks.ts) with real bundles (esbuild, sharp installed for linux-arm64), in a fixed
 * account and region, with the settings given as JSON. Path and asset metadata are on, as the
 * CDK CLI turns them on, so the template names each function's construct and asset folder.
 *
 *   node --import tsx test/aws-emulation/synth-app.ts <outdir> '<settings json>'
 */
import { App } from 'aws-cdk-lib';
import { serviceStacks } from '../../lib/service-stacks';
import type { ServiceSettings } from '../../lib/settings';
import { ACCOUNT, REGION, STACK_NAME } from './aws-names';

const [outdir, settingsJson] = process.argv.slice(2);
if (!outdir || !settingsJson) throw new Error('usage: synth-app.ts <outdir> <settings json>');

const app = new App({
  outdir,
  context: { 'aws:cdk:enable-path-metadata': true, 'aws:cdk:enable-asset-metadata': true },
});
serviceStacks(app, STACK_NAME, {
  env: { account: ACCOUNT, region: REGION },
  settings: JSON.parse(settingsJson) as ServiceSettings,
  handlerCode: 'bundle',
});
app.synth();
