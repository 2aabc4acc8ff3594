import { CfnOutput, Duration, Stack, type StackProps } from 'aws-cdk-lib';
import * as apigwv2 from 'aws-cdk-lib/aws-apigatewayv2';
import { HttpLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import * as cloudwatch from 'aws-cdk-lib/aws-cloudwatch';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import * as logs from 'aws-cdk-lib/aws-logs';
import type { IBucket } from 'aws-cdk-lib/aws-s3';
import type { ISecret } from 'aws-cdk-lib/aws-secretsmanager';
import * as secretsmanager from 'aws-cdk-lib/aws-secretsmanager';
import type { ITopic } from 'aws-cdk-lib/aws-sns';
import type { IQueue } from 'aws-cdk-lib/aws-sqs';
import type { IStateMachine } from 'aws-cdk-lib/aws-stepfunctions';
import type { Construct } from 'constructs';
import { API_VERSION, type Route, routes } from '#platform/routes';
import { addAlarm, addRateAlarm } from './alarm.ts';
import { constructId } from './construct-id.ts';
import { RouteGroupStack, routeGroupName } from './route-group-stack.ts';
import { ServiceFunction } from './service-function.ts';
import type { Stage, StageConfig } from './stage-config.ts';
import { addStageDashboard } from './stage-dashboard.ts';

/** The spec's version segment: the base URL ends with it. */

export interface ApiStackProps extends StackProps {
  stage: Stage;
  config: StageConfig;
  table: ITable;
  dataBucket: IBucket;
  exportsBucket: IBucket;
  alarmTopic: ITopic;
  /** Seals projects' crawl proxies, for the route that sets them. */
  crawlProxyKey: ISecret;
  /** The job lanes by name, from the jobs stack. */
  lanes: ReadonlyMap<string, IStateMachine>;
  /** The dead-letter queues of the jobs stack's periodic functions, for the dashboard. */
  deadLetters: readonly { title: string; queue: IQueue }[];
}

/**
 * The HTTP API under the `v1` stage: a `$default` route answering 404/405 problem bodies for
 * everything no route serves, and one route and one Lambda per entry of the route table, held in a
 * nested stack per area of the API (lib/route-group-stack.ts).
 */
export class ApiStack extends Stack {
  readonly api: apigwv2.HttpApi;
  /** Route key (`GET /account`) to the function serving it. */
  readonly routeFunctions = new Map<string, ServiceFunction>();
  /** The nested stacks holding the routes, one per area of the API. */
  readonly routeGroups: RouteGroupStack[] = [];
  /** Signs the list cursors (functions/http/list-page.ts); only the paged routes may read it. */
  private readonly cursorSigningKey: secretsmanager.Secret;

  constructor(scope: Construct, id: string, props: ApiStackProps) {
    super(scope, id, props);
    const { config, stage } = props;
    this.cursorSigningKey = new secretsmanager.Secret(this, 'CursorSigningKey', {
      description: 'HMAC key of the list cursors; a new value ends only the paging under way',
      generateSecretString: {
        secretStringTemplate: '{}',
        generateStringKey: 'cursor_key',
        passwordLength: 64,
        excludePunctuation: true,
      },
      removalPolicy: config.removalPolicy,
    });

    const notFound = new ServiceFunction(this, 'RouteNotFound', {
      entry: 'functions/http/route-not-found.ts',
      description: 'Answers requests no route serves (404, or 405 with Allow)',
      memorySize: 256,
      timeout: Duration.seconds(5),
      logRetention: config.logRetention,
      removalPolicy: config.removalPolicy,
    });
    this.api = new apigwv2.HttpApi(this, 'HttpApi', {
      apiName: `pds-${stage}`,
      description: `Product-data service API (${stage})`,
      createDefaultStage: false,
      defaultIntegration: new HttpLambdaIntegration('RouteNotFoundIntegration', notFound),
    });
    const apiStage = new apigwv2.HttpStage(this, 'Stage', {
      httpApi: this.api,
      stageName: API_VERSION,
      autoDeploy: true,
      throttle: config.apiThrottle,
      accessLogSettings: {
        destination: new apigwv2.LogGroupLogDestination(
          new logs.LogGroup(this, 'AccessLogs', {
            retention: config.logRetention,
            removalPolicy: config.removalPolicy,
          }),
        ),
      },
    });

    // Handlers answer every failure with a problem body, so server errors show up here, not as Lambda errors.
    addAlarm(this, 'ServerErrorsAlarm', {
      topic: props.alarmTopic,
      description: `${stage} API: 5 or more 5xx answers within 5 minutes`,
      metric: apiStage.metricServerError(),
      threshold: 5,
      period: Duration.minutes(5),
    });
    addRateAlarm(this, 'ServerErrorRateAlarm', {
      topic: props.alarmTopic,
      description: `${stage} API: 5xx answers are 5 % or more of at least 20 requests within 5 minutes`,
      failures: apiStage.metricServerError(),
      requests: apiStage.metricCount(),
      percent: 5,
      minimumRequests: 20,
      period: Duration.minutes(5),
    });
    // Without dimensions the metric counts the whole account, which is the stage's (lib/stage-config.ts):
    // the account's regional limit, and the crawl fan-out at its reserved concurrency, whose lane
    // retries throttled batches; 10 in 5 minutes means jobs are queueing for the cap or the API is short.
    const throttles = new cloudwatch.Metric({ namespace: 'AWS/Lambda', metricName: 'Throttles' });
    addAlarm(this, 'LambdaThrottlesAlarm', {
      topic: props.alarmTopic,
      description: `${stage}: 10 or more Lambda invocations throttled within 5 minutes`,
      metric: throttles,
      threshold: 10,
      period: Duration.minutes(5),
    });
    addStageDashboard(this, {
      dashboardName: `pds-${stage}`,
      apiStage,
      lanes: props.lanes,
      deadLetters: props.deadLetters,
      throttles,
    });

    const groups = new Map<string, Route[]>();
    for (const route of routes)
      groups.set(routeGroupName(route), [...(groups.get(routeGroupName(route)) ?? []), route]);
    for (const [group, groupRoutes] of groups) {
      const stack = new RouteGroupStack(this, `${constructId(group)}Routes`, {
        description: `Product-data service ${stage}: the ${group} routes of the HTTP API`,
        config,
        api: this.api,
        routes: groupRoutes,
        table: props.table,
        dataBucket: props.dataBucket,
        exportsBucket: props.exportsBucket,
        lanes: props.lanes,
        cursorSigningKey: this.cursorSigningKey,
        crawlProxyKey: props.crawlProxyKey,
      });
      this.routeGroups.push(stack);
      for (const [key, fn] of stack.routeFunctions) this.routeFunctions.set(key, fn);
    }

    new CfnOutput(this, 'BaseUrl', { value: `${this.api.apiEndpoint}/${API_VERSION}` });
  }
}
