import type { Template } from 'aws-cdk-lib/assertions';
import { type AlarmDefinition, definitionOf, evaluate, type SyntheticPoint } from './alarm-evaluator';
import { sharedDefaultStack } from './build-stack';

/**
 * The dead-letter alarms fire on one new arrival after hours of an empty queue, however late SQS
 * delivers its datapoints (docs/decisions/0182-dead-letter-alarms-on-waiting-messages.md): each
 * alarm as the template writes it, evaluated by a model of CloudWatch's evaluation
 * (test/stack/alarm-evaluator.ts) over a synthetic series. The design it replaced, DIFF of the
 * filled visible count over 2 periods, is evaluated over the same series and misses it.
 */
let template: Template;

beforeAll(() => {
  ({ template } = sharedDefaultStack());
});

const DEAD_LETTER_ALARMS = ['PublishDeadLetters', 'WebhookDeadLetters', 'MetricsDeadLetters'];

function alarmDefinition(alarmId: string): AlarmDefinition {
  const found = Object.entries(template.findResources('AWS::CloudWatch::Alarm')).filter(([logicalId]) =>
    new RegExp(`^Alarms${alarmId}[0-9A-F]{8}$`).test(logicalId),
  );
  expect(found).toHaveLength(1);
  return definitionOf(found[0][1].Properties as Record<string, unknown>);
}

/** What the dead-letter alarms were before: the rise of the visible count (DIFF of FILL) over 2 one-minute periods. */
const RISE_OF_VISIBLE: AlarmDefinition = {
  expression: 'DIFF(FILL(dlq, 0))',
  metricId: 'dlq',
  Threshold: 0,
  ComparisonOperator: 'GreaterThanThreshold',
  EvaluationPeriods: 2,
  DatapointsToAlarm: 1,
  TreatMissingData: 'notBreaching',
};

const HOUR = 60;
/**
 * Six hours of an empty queue reporting 0, then six hours of silence (SQS stops publishing the
 * metrics of a queue inactive for six hours), then one message that stays until someone replays it
 * (one hour), the queue emptied (an hour of 0), and a second message. Every datapoint `lag` minutes late.
 */
function quietThenArrivals(lag: number): { series: SyntheticPoint[]; arrivals: number[] } {
  const series: SyntheticPoint[] = [];
  const push = (minutes: number, value: number | undefined) => {
    for (let i = 0; i < minutes; i++) series.push({ value, lagMinutes: lag });
  };
  push(6 * HOUR, 0);
  push(6 * HOUR, undefined);
  const first = series.length;
  push(HOUR, 1);
  push(HOUR, 0);
  const second = series.length;
  push(30, 1);
  return { series, arrivals: [first, second] };
}

/** Minutes from the arrival until the alarm is in ALARM, or undefined if it never is within 10 minutes. */
function minutesToAlarm(alarm: AlarmDefinition, series: SyntheticPoint[], arrival: number): number | undefined {
  const states = evaluate(alarm, series);
  const index = states.slice(arrival, arrival + 10).indexOf('ALARM');
  return index === -1 ? undefined : index + 1;
}

describe('dead-letter alarms over a synthetic series', () => {
  it.each(DEAD_LETTER_ALARMS)('%s is OK through hours of zero and of silence', (alarmId) => {
    const { series, arrivals } = quietThenArrivals(2);
    const states = evaluate(alarmDefinition(alarmId), series);
    expect(new Set(states.slice(0, arrivals[0]))).toEqual(new Set(['OK']));
  });

  it.each(DEAD_LETTER_ALARMS.flatMap((alarmId) => [0, 1, 2].map((lag) => [alarmId, lag] as const)))(
    '%s fires on one new arrival after hours of an empty queue, its datapoints %i minutes late, and again on the next after the queue was emptied',
    (alarmId, lag) => {
      const alarm = alarmDefinition(alarmId);
      const { series, arrivals } = quietThenArrivals(lag);
      for (const arrival of arrivals) {
        const minutes = minutesToAlarm(alarm, series, arrival);
        expect(minutes).toBeDefined();
        expect(minutes).toBeLessThanOrEqual(lag + 1);
      }
      // Emptied: OK again before the second arrival, so the second one notifies again.
      const states = evaluate(alarm, series);
      expect(states[arrivals[1] - 1]).toBe('OK');
    },
  );

  it('the design it replaced (DIFF of the filled visible count) misses the arrival when SQS delivers two minutes late', () => {
    const onTime = quietThenArrivals(0);
    expect(minutesToAlarm(RISE_OF_VISIBLE, onTime.series, onTime.arrivals[0])).toBe(1);
    const late = quietThenArrivals(2);
    for (const arrival of late.arrivals) expect(minutesToAlarm(RISE_OF_VISIBLE, late.series, arrival)).toBeUndefined();
    expect(evaluate(RISE_OF_VISIBLE, late.series)).not.toContain('ALARM');
  });
});
