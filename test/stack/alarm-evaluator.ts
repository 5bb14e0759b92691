/**
 * A small model of how CloudWatch evaluates a metric alarm, minute by minute, over a synthetic
 * series: enough to show what an alarm's threshold, datapoints and missing-data treatment do when
 * a queue has been silent for hours and its datapoints arrive late. Modelled on the CloudWatch
 * User Guide, "Evaluating an alarm" and "Configuring how CloudWatch alarms treat missing data":
 *
 * - every minute the alarm reads the last `EvaluationPeriods` whole periods, with only the
 *   datapoints delivered by then (a datapoint of minute m is delivered at m + its lag);
 * - it is in ALARM when at least `DatapointsToAlarm` of them breach; a missing datapoint breaches
 *   only under `breaching`; with no datapoint at all, `notBreaching` is OK, `breaching` ALARM,
 *   `ignore` keeps the state and `missing` is INSUFFICIENT_DATA;
 * - the expressions the alarms of this stack used (a bare metric, `FILL(m, 0)`, `DIFF(FILL(m, 0))`)
 *   are evaluated over the periods read; FILL fills each of them (generous to it), DIFF has no
 *   value for the first period read (its previous value is outside the query).
 *
 * One-minute periods only (the dead-letter alarms'); a model, not CloudWatch: it errs on the side
 * of the alarm firing wherever CloudWatch is vaguer.
 */
export type AlarmState = 'OK' | 'ALARM' | 'INSUFFICIENT_DATA';

export interface AlarmDefinition {
  Threshold: number;
  ComparisonOperator: string;
  EvaluationPeriods: number;
  DatapointsToAlarm?: number;
  TreatMissingData?: string;
  /** A metric-math alarm's expression over its one metric (undefined: the plain metric). */
  expression?: string;
  /** The metric's id in the expression. */
  metricId?: string;
}

/** A minute's value of the metric (undefined: no datapoint), and how many minutes late it is delivered. */
export interface SyntheticPoint {
  value: number | undefined;
  lagMinutes: number;
}

/** The alarm's definition as a template writes it: a plain metric, or a math expression over one metric. */
export function definitionOf(properties: Record<string, unknown>): AlarmDefinition {
  const metrics = properties.Metrics as Array<{ Id: string; Expression?: string; MetricStat?: { Period: number } }> | undefined;
  const expression = metrics?.find((query) => query.Expression)?.Expression;
  const metricQuery = metrics?.find((query) => query.MetricStat);
  const period = metricQuery ? metricQuery.MetricStat!.Period : (properties.Period as number);
  if (period !== 60) throw new Error(`the evaluator models one-minute periods, got ${period} s`);
  return {
    Threshold: properties.Threshold as number,
    ComparisonOperator: properties.ComparisonOperator as string,
    EvaluationPeriods: properties.EvaluationPeriods as number,
    DatapointsToAlarm: properties.DatapointsToAlarm as number | undefined,
    TreatMissingData: properties.TreatMissingData as string | undefined,
    expression,
    metricId: metricQuery?.Id,
  };
}

function breaches(alarm: AlarmDefinition, value: number): boolean {
  switch (alarm.ComparisonOperator) {
    case 'GreaterThanThreshold':
      return value > alarm.Threshold;
    case 'GreaterThanOrEqualToThreshold':
      return value >= alarm.Threshold;
    case 'LessThanThreshold':
      return value < alarm.Threshold;
    case 'LessThanOrEqualToThreshold':
      return value <= alarm.Threshold;
    default:
      throw new Error(`unknown comparison ${alarm.ComparisonOperator}`);
  }
}

/** The expression's values over the periods read, from the metric's delivered values. */
function expressionValues(alarm: AlarmDefinition, read: Array<number | undefined>): Array<number | undefined> {
  const id = alarm.metricId;
  switch (alarm.expression) {
    case undefined:
    case id:
      return read;
    case `FILL(${id}, 0)`:
      return read.map((value) => value ?? 0);
    case `DIFF(FILL(${id}, 0))`: {
      const filled = read.map((value) => value ?? 0);
      return filled.map((value, index) => (index === 0 ? undefined : value - filled[index - 1]));
    }
    default:
      throw new Error(`the evaluator does not know the expression ${alarm.expression}`);
  }
}

/** The alarm's state at the end of each minute of the series (minute i evaluated at time i + 1). */
export function evaluate(alarm: AlarmDefinition, series: SyntheticPoint[]): AlarmState[] {
  const states: AlarmState[] = [];
  let state: AlarmState = 'INSUFFICIENT_DATA';
  const needed = alarm.DatapointsToAlarm ?? alarm.EvaluationPeriods;
  for (let now = 1; now <= series.length; now++) {
    const first = Math.max(0, now - alarm.EvaluationPeriods);
    const read = series.slice(first, now).map((point, offset) => (first + offset + point.lagMinutes < now ? point.value : undefined));
    const values = expressionValues(alarm, read);
    const present = values.filter((value): value is number => value !== undefined);
    const missing = values.length - present.length;
    if (present.length === 0) {
      const treatment = alarm.TreatMissingData ?? 'missing';
      if (treatment === 'notBreaching') state = 'OK';
      else if (treatment === 'breaching') state = 'ALARM';
      else if (treatment === 'missing') state = 'INSUFFICIENT_DATA';
    } else {
      const breaching = present.filter((value) => breaches(alarm, value)).length + (alarm.TreatMissingData === 'breaching' ? missing : 0);
      state = breaching >= needed ? 'ALARM' : 'OK';
    }
    states.push(state);
  }
  return states;
}
