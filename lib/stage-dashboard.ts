import { Duration } from 'aws-cdk-lib';
import type { HttpStage } from 'aws-cdk-lib/aws-apigatewayv2';
import * as cloudwatch from 'aws-cdk-lib/aws-cloudwatch';
import type { IQueue } from 'aws-cdk-lib/aws-sqs';
import type { IStateMachine } from 'aws-cdk-lib/aws-stepfunctions';
import type { Construct } from 'constructs';

export interface StageDashboardProps {
  dashboardName: string;
  apiStage: HttpStage;
  lanes: ReadonlyMap<string, IStateMachine>;
  /** The dead-letter queues of the periodic functions (idle-job sweeper, schedule runner), each with its graph's title. */
  deadLetters: readonly { title: string; queue: IQueue }[];
  /** Lambda throttles of the stage's account and region. */
  throttles: cloudwatch.Metric;
}

const PERIOD = Duration.minutes(5);
const sum = (metric: cloudwatch.Metric, label: string) =>
  metric.with({ statistic: cloudwatch.Stats.SUM, period: PERIOD, label });

/** The stage at a glance: the API's traffic and errors, each lane's outcomes, throttles and dead letters. */
export function addStageDashboard(scope: Construct, props: StageDashboardProps): cloudwatch.Dashboard {
  const { apiStage } = props;
  const dashboard = new cloudwatch.Dashboard(scope, 'StageDashboard', {
    dashboardName: props.dashboardName,
    defaultInterval: Duration.hours(24),
  });
  dashboard.addWidgets(
    new cloudwatch.GraphWidget({
      title: 'API requests and errors',
      left: [
        sum(apiStage.metricCount(), 'requests'),
        sum(apiStage.metricClientError(), '4xx'),
        sum(apiStage.metricServerError(), '5xx'),
      ],
      width: 12,
    }),
    new cloudwatch.GraphWidget({
      title: 'API latency (p99)',
      left: [apiStage.metricLatency({ statistic: 'p99', period: PERIOD, label: 'latency p99' })],
      width: 12,
    }),
  );
  dashboard.addWidgets(
    ...[...props.lanes].map(
      ([lane, machine]) =>
        new cloudwatch.GraphWidget({
          title: `Lane ${lane}`,
          left: [
            sum(machine.metricStarted(), 'started'),
            sum(machine.metricSucceeded(), 'succeeded'),
            sum(machine.metricFailed(), 'failed'),
            sum(machine.metricAborted(), 'aborted'),
            sum(machine.metricTimedOut(), 'timed out'),
          ],
          width: 8,
        }),
    ),
  );
  dashboard.addWidgets(
    new cloudwatch.GraphWidget({
      title: 'Lambda throttles',
      left: [sum(props.throttles, 'throttles')],
      width: 12,
    }),
    ...props.deadLetters.map(
      ({ title, queue }) =>
        new cloudwatch.GraphWidget({
          title,
          left: [
            queue.metricApproximateNumberOfMessagesVisible({
              statistic: cloudwatch.Stats.MAXIMUM,
              period: PERIOD,
              label: 'messages',
            }),
          ],
          width: 12,
        }),
    ),
  );
  return dashboard;
}
