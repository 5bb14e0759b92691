import { startDeployedService, type DeployedService } from './deployed-service';

let service: DeployedService;
beforeAll(async () => {
  service = await startDeployedService();
}, 180_000);
afterAll(async () => {
  await service?.stop();
});

it('answers', async () => {
  console.log('synth ms', service.synthMs);
  const started = Date.now();
  const response = await fetch(`${service.apiUrl}/profiles`);
  console.log(response.status, await response.text(), Date.now() - started);
  const nf = await fetch(`${service.apiUrl}/nothing`);
  console.log(nf.status, await nf.text());
  console.log(service.lambda.invocations.map((i) => JSON.stringify(i)).join('\n'));
  console.log([...service.lambda.telemetry.entries()].filter(([, t]) => t.output.length).map(([op, t]) => `${op}: ${t.output.join('\n')}`).join('\n'));
}, 60_000);
