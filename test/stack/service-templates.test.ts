/**
 * The CDK template tests in one jest file. Jest gives every test file a module registry of its own,
 * so each file loaded aws-cdk-lib and cdk-nag again (about 5 s of CPU a file on a 2-core machine,
 * more than most of their synths); one file loads them once. Each part keeps its own synths, hooks
 * and tests, in a describe block of its own. sharp-bundle.test.ts (a real bundle) stays apart.
 */
/* eslint-disable @typescript-eslint/no-require-imports */
describe('table', () => void require('./table.cases'));
describe('data stack', () => void require('./data-stack.cases'));
describe('API and functions', () => void require('./api-and-functions.cases'));
describe('dashboard hosting', () => void require('./dashboard-hosting.cases'));
describe('dashboard content', () => void require('./dashboard-content.cases'));
describe('publishing and alarms', () => void require('./publishing-and-alarms.cases'));
describe('security', () => void require('./security.cases'));
describe('webhooks', () => void require('./webhooks.cases'));
describe('alarms and dashboard', () => void require('./alarms-and-dashboard.cases'));
describe('dead-letter alarms', () => void require('./dead-letter-alarm.cases'));
describe('MCP function', () => void require('./mcp-function.cases'));
describe('metrics', () => void require('./metrics.cases'));
describe('stack size', () => void require('./stack-size.cases'));
