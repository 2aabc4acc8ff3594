import { NestedStack, type NestedStackProps } from 'aws-cdk-lib';
import * as apigwv2 from 'aws-cdk-lib/aws-apigatewayv2';
import { HttpLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import type { IBucket } from 'aws-cdk-lib/aws-s3';
import type { ISecret } from 'aws-cdk-lib/aws-secretsmanager';
import type { IStateMachine } from 'aws-cdk-lib/aws-stepfunctions';
import type { Construct } from 'constructs';
import { INVOICE_FONT_PATHS } from '#billing/invoice-fonts';
import { DOCS_ASSET_PATHS } from '#http/docs/docs-assets';
import { type Route, routeKey } from '#platform/routes';
import { RATE_BUCKET_ATTRIBUTES, RATE_BUCKET_PREFIX } from '#store/keys';
import { TABLE_KEYS } from '#store/table-definition';
import { constructId } from './construct-id.ts';
import { grantCrawlProxyKey } from './function-access.ts';
import { laneArnVariable } from './jobs-stack.ts';
import { routeAccess } from './route-access.ts';
import { ServiceFunction } from './service-function.ts';
import {
  rateLimitEnvironment,
  type StageConfig,
  sellerEnvironment,
  serviceEnvironment,
} from './stage-config.ts';

export interface RouteGroupProps extends NestedStackProps {
  config: StageConfig;
  api: apigwv2.IHttpApi;
  routes: readonly Route[];
  table: ITable;
  dataBucket: IBucket;
  exportsBucket: IBucket;
  lanes: ReadonlyMap<string, IStateMachine>;
  /** Signs the list cursors (functions/http/list-page.ts); only the paged routes may read it. */
  cursorSigningKey: ISecret;
  /** Seals projects' crawl proxies; only the routes whose access says so may read it. */
  crawlProxyKey: ISecret;
}

/** `GET /account/api-keys/{key_id}` -> `GetAccountApiKeysKeyId`: one per route, even where routes share a handler. */
const routeConstructId = (route: Route) => constructId(`${route.method.toLowerCase()} ${route.path}`);

/** `jobs/create-scrape-job` -> `jobs`: routes are grouped by the folder of their handler. */
export const routeGroupName = (route: Route) => route.handler.split('/')[0] as string;

/**
 * The routes of one area of the API (the folder of their handlers): one Lambda, integration and route
 * each. A nested stack per area, because CloudFormation counts a nested stack's resources apart and a
 * route costs about seven; one template for the whole API would reach the 500 limit at about 65 routes.
 */
export class RouteGroupStack extends NestedStack {
  /** Route key (`GET /account`) to the function serving it. */
  readonly routeFunctions = new Map<string, ServiceFunction>();

  constructor(
    scope: Construct,
    id: string,
    private readonly props: RouteGroupProps,
  ) {
    super(scope, id, props);
    for (const route of props.routes) {
      const fn = this.routeFunction(route);
      new apigwv2.HttpRoute(this, `${routeConstructId(route)}Route`, {
        httpApi: props.api,
        routeKey: apigwv2.HttpRouteKey.with(route.path, apigwv2.HttpMethod[route.method]),
        integration: new HttpLambdaIntegration(`${routeConstructId(route)}Integration`, fn),
      });
      this.routeFunctions.set(routeKey(route), fn);
    }
  }

  private routeFunction(route: Route): ServiceFunction {
    const { config, table, dataBucket, exportsBucket, lanes, cursorSigningKey, crawlProxyKey } = this.props;
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
    if (access.crawlProxyKey) grantCrawlProxyKey(fn, crawlProxyKey);
    if (route.paged) {
      fn.setSetting('CURSOR_SECRET_ID', cursorSigningKey.secretArn);
      cursorSigningKey.grantRead(fn);
    }
    return fn;
  }
}
