import type { Duration } from 'aws-cdk-lib';
import * as cloudwatch from 'aws-cdk-lib/aws-cloudwatch';
import { SnsAction } from 'aws-cdk-lib/aws-cloudwatch-actions';
import type { ITopic } from 'aws-cdk-lib/aws-sns';
import type { Construct } from 'constructs';

export interface AlarmProps {
  topic: ITopic;
  description: string;
  metric: cloudwatch.Metric;
  /** Breaches when the metric's sum over `period` reaches this. */
  threshold: number;
  period: Duration;
}

/** One operator alarm: a sum reaching its threshold notifies the stage's alarm topic; no data is fine. */
export function addAlarm(scope: Construct, id: string, props: AlarmProps): cloudwatch.Alarm {
  const alarm = new cloudwatch.Alarm(scope, id, {
    alarmDescription: props.description,
    metric: props.metric.with({
      statistic: cloudwatch.Stats.SUM,
      period: props.period,
    }),
    threshold: props.threshold,
    evaluationPeriods: 1,
    comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
    treatMissingData: cloudwatch.TreatMissingData.NOT_BREACHING,
  });
  alarm.addAlarmAction(new SnsAction(props.topic));
  return alarm;
}

export interface RateAlarmProps {
  topic: ITopic;
  description: string;
  /** The failures and all requests, each summed over `period`. */
  failures: cloudwatch.Metric;
  requests: cloudwatch.Metric;
  /** Breaches when failures reach this percentage of requests… */
  percent: number;
  /** …of at least this many requests, so that one failed request of two is no page. */
  minimumRequests: number;
  period: Duration;
}

/** An operator alarm on a share of requests rather than a count. */
export function addRateAlarm(scope: Construct, id: string, props: RateAlarmProps): cloudwatch.Alarm {
  const sum = { statistic: cloudwatch.Stats.SUM, period: props.period };
  const alarm = new cloudwatch.Alarm(scope, id, {
    alarmDescription: props.description,
    metric: new cloudwatch.MathExpression({
      expression: `IF(requests >= ${props.minimumRequests}, 100 * failures / requests, 0)`,
      usingMetrics: {
        failures: props.failures.with(sum),
        requests: props.requests.with(sum),
      },
      label: 'Failure rate (%)',
      period: props.period,
    }),
    threshold: props.percent,
    evaluationPeriods: 1,
    comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
    treatMissingData: cloudwatch.TreatMissingData.NOT_BREACHING,
  });
  alarm.addAlarmAction(new SnsAction(props.topic));
  return alarm;
}
