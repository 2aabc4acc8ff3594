import { CfnOutput, Duration, Stack, type StackProps } from 'aws-cdk-lib';
import * as apigwv2 from 'aws-cdk-lib/aws-apigatewayv2';
import { HttpLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import * as cloudwatch from 'aws-cdk-lib/aws-cloudwatch';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import * as logs from 'aws-cdk-lib/aws-logs';
import type { IBucket } from 'aws-cdk-lib/aws-s3';
import * as secretsmanager from 'aws-cdk-lib/aws-secretsmanager';
import type { ITopic } from 'aws-cdk-lib/aws-sns';
import type { IQueue } from 'aws-cdk-lib/aws-sqs';
import type { IStateMachine } from 'aws-cdk-lib/aws-stepfunctions';
import type { Construct } from 'constructs';
import { INVOICE_FONT_PATHS } from '#billing/invoice-fonts';
import { DOCS_ASSET_PATHS } from '#http/docs/docs-assets';
import { type Route, routeKey, routes } from '#platform/routes';
import { RATE_BUCKET_ATTRIBUTES, RATE_BUCKET_PREFIX } from '#store/keys';
import { TABLE_KEYS } from '#store/table-definition';
import { addAlarm, addRateAlarm } from './alarm.ts';
import { constructId } from './construct-id.ts';
import { laneArnVariable } from './jobs-stack.ts';
import { routeAccess } from './route-access.ts';
import { ServiceFunction } from './service-function.ts';
import {
  rateLimitEnvironment,
  type Stage,
  type StageConfig,
  sellerEnvironment,
  serviceEnvironment,
} from './stage-config.ts';
import { addStageDashboard } from './stage-dashboard.ts';

/** The spec's version segment: the base URL ends with it. */
export const API_STAGE = 'v1';

export interface ApiStackProps extends StackProps {
  stage: Stage;
  config: StageConfig;
  table: ITable;
  dataBucket: IBucket;
  exportsBucket: IBucket;
  alarmTopic: ITopic;
  /** The job lanes by name, from the jobs stack. */
  lanes: ReadonlyMap<string, IStateMachine>;
  /** The idle-job sweeper's dead-letter queue, from the jobs stack, for the dashboard. */
  sweeperDeadLetters: IQueue | undefined;
}

/** `GET /account/api-keys/{key_id}` -> `GetAccountApiKeysKeyId`: one per route, even where routes share a handler. */
const routeConstructId = (route: Route) => constructId(`${route.method.toLowerCase()} ${route.path}`);

/**
 * The HTTP API: one route and one Lambda per entry of the route table, under the `v1` stage, and a
 * `$default` route answering 404/405 problem bodies for everything else.
 */
export class ApiStack extends Stack {
  readonly api: apigwv2.HttpApi;
  /** Route key (`GET /account`) to the function serving it. */
  readonly routeFunctions = new Map<string, ServiceFunction>();
  /** Signs the list cursors (functions/http/list-page.ts); only the paged routes may read it. */
  private readonly cursorSigningKey: secretsmanager.Secret;

  constructor(
    scope: Construct,
    id: string,
    private readonly props: ApiStackProps,
  ) {
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
      stageName: API_STAGE,
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
      sweeperDeadLetters: props.sweeperDeadLetters,
      throttles,
    });

    for (const route of routes) {
      const fn = this.routeFunction(route);
      this.api.addRoutes({
        path: route.path,
        methods: [apigwv2.HttpMethod[route.method]],
        integration: new HttpLambdaIntegration(`${routeConstructId(route)}Integration`, fn),
      });
      this.routeFunctions.set(routeKey(route), fn);
    }

    new CfnOutput(this, 'BaseUrl', { value: `${this.api.apiEndpoint}/${API_STAGE}` });
  }

  private routeFunction(route: Route): ServiceFunction {
    const { config, table, dataBucket, exportsBucket, lanes } = this.props;
    const access = routeAccess(route);
    const fn = new ServiceFunction(this, routeConstructId(route), {
      entry: `functions/http/${route.handler}.ts`,
      description: routeKey(route),
      logRetention: config.logRetention,
      removalPolicy: config.removalPolicy,
      environment: {
        ...serviceEnvironment(config),
        ...(route.auth === 'API_KEY'
          ? {
              API_KEY_CACHE_SECONDS: String(config.apiKeyCacheSeconds),
              ...rateLimitEnvironment(config.apiKeyRateLimit),
            }
          : {}),
        // The functions that render invoices are the ones bundled with the invoice fonts.
        ...(access.invoiceFonts ? sellerEnvironment(config.seller) : {}),
      },
      files: [
        ...(access.invoiceFonts ? INVOICE_FONT_PATHS : []),
        ...(access.docsAssets ? DOCS_ASSET_PATHS : []),
      ],
    }).bindTable(table, access.table);
    const keyAttributes = [TABLE_KEYS.partitionKey, TABLE_KEYS.sortKey];
    if (access.stampsApiKeyUse) {
      fn.allowApiKeyUseStamp(table, keyAttributes);
      fn.allowRateLimitBuckets(table, keyAttributes, RATE_BUCKET_PREFIX, RATE_BUCKET_ATTRIBUTES);
    }
    if (access.dataBucket) fn.bindBucket(dataBucket, 'DATA_BUCKET', access.dataBucket);
    if (access.exportsBucket) fn.bindBucket(exportsBucket, 'EXPORTS_BUCKET', access.exportsBucket);
    if (access.lanes) {
      const { names, access: laneAccess } = access.lanes;
      for (const [lane, machine] of lanes) {
        if (names === 'ALL' || names.includes(lane))
          fn.bindStateMachine(machine, laneArnVariable(lane), laneAccess);
      }
    }
    if (access.payments && config.payments.provider === 'STRIPE') fn.bindStripe(config.payments);
    if (access.mail) fn.bindMail(config.mail);
    if (route.paged) {
      fn.setSetting('CURSOR_SECRET_ID', this.cursorSigningKey.secretArn);
      this.cursorSigningKey.grantRead(fn);
    }
    return fn;
  }
}
