import { Match } from 'aws-cdk-lib/assertions';
import { describe, expect, it } from 'vitest';
import { SECRETS } from '#platform/config';
import { routeKey, routes } from '#platform/routes';
import { RATE_BUCKET_ATTRIBUTES } from '#store/keys';
import { TABLE_KEYS } from '#store/table-definition';
import { routeAccess, WRITING_GETS } from '../../lib/route-access.ts';
import {
  actionsOf,
  apiTemplate,
  type CfnResource,
  FIXTURE_JOBS,
  functionId,
  resourcesOf,
  statementsOf,
  synthStage,
} from './synth-stage.ts';

const TABLE_WRITES = [
  'dynamodb:PutItem',
  'dynamodb:UpdateItem',
  'dynamodb:DeleteItem',
  'dynamodb:BatchWriteItem',
];

describe('API stack', () => {
  const stacks = synthStage('dev', FIXTURE_JOBS);
  const template = apiTemplate(stacks.api);

  /** The function a route's integration invokes. */
  function integratedFunction(key: string): string {
    const [[, route]] = resourcesOf(template, 'AWS::ApiGatewayV2::Route').filter(
      ([, route]) => route.Properties.RouteKey === key,
    ) as [[string, CfnResource]];
    const [, [, { Ref: integrationId }]] = (
      route.Properties.Target as { 'Fn::Join': [string, [string, { Ref: string }]] }
    )['Fn::Join'];
    const integration = template.toJSON().Resources[integrationId] as CfnResource;
    return (integration.Properties.IntegrationUri as { 'Fn::GetAtt': [string, string] })['Fn::GetAtt'][0];
  }

  it('gives every route of the table its own route and its own function', () => {
    const functionIds = routes.map((route) => {
      const id = functionId(template, routeKey(route));
      expect(integratedFunction(routeKey(route))).toBe(id);
      expect(template.toJSON().Resources[id].Properties.Handler).toBe('index.handler');
      return id;
    });
    expect(new Set(functionIds).size).toBe(routes.length);
    // The table's routes and the $default route, nothing else.
    template.resourceCountIs('AWS::ApiGatewayV2::Route', routes.length + 1);
  });

  it('hands Lambda the payload 2.0 events the handlers are written for', () => {
    template.allResourcesProperties('AWS::ApiGatewayV2::Integration', {
      IntegrationType: 'AWS_PROXY',
      PayloadFormatVersion: '2.0',
    });
  });

  it('sends requests no route serves to the not-found function', () => {
    expect(integratedFunction('$default')).toBe(
      functionId(template, 'Answers requests no route serves (404, or 405 with Allow)'),
    );
    template.resourceCountIs('AWS::Lambda::Function', routes.length + 1);
  });

  it('runs every function on Node.js 24, arm64, traced, with its own log group', () => {
    template.allResourcesProperties('AWS::Lambda::Function', {
      Runtime: 'nodejs24.x',
      Architectures: ['arm64'],
      TracingConfig: { Mode: 'Active' },
      LoggingConfig: { LogGroup: { Ref: Match.anyValue() } },
    });
  });

  it('serves the API under the stage v1, so the base URL ends with /v1', () => {
    template.resourceCountIs('AWS::ApiGatewayV2::Stage', 1);
    template.hasResourceProperties('AWS::ApiGatewayV2::Stage', { StageName: 'v1', AutoDeploy: true });
    template.hasOutput('BaseUrl', {
      Value: { 'Fn::Join': ['', [Match.anyValue(), '/v1']] },
    });
  });

  it('tells every route function its table', () => {
    for (const route of routes) {
      template.hasResourceProperties('AWS::Lambda::Function', {
        Description: routeKey(route),
        Environment: { Variables: Match.objectLike({ TABLE_NAME: Match.anyValue() }) },
      });
    }
  });

  it('lets GET routes read the table but change nothing except the API key stamp', () => {
    const getRoutes = routes.filter((route) => route.method === 'GET' && !WRITING_GETS.has(routeKey(route)));
    expect(getRoutes.length).toBeGreaterThan(0);
    for (const route of getRoutes) {
      const statements = statementsOf(template, functionId(template, routeKey(route)));
      expect(statements.some((s) => actionsOf(s).includes('dynamodb:Query'))).toBe(true);
      for (const statement of statements) {
        const actions = actionsOf(statement);
        expect(actions.some((action) => action === '*' || action === 'dynamodb:*')).toBe(false);
        const writes = actions.filter((action) => TABLE_WRITES.includes(action));
        if (writes.length === 0) continue;
        // Only the authentication's last_used_at stamp and the key's rate-limit bucket, each limited
        // to its attributes (the bucket also to items of its own prefix).
        expect(writes, routeKey(route)).toEqual(['dynamodb:UpdateItem']);
        expect(route.auth).toBe('API_KEY');
        const attributes = statement.Condition?.['ForAllValues:StringEquals']?.['dynamodb:Attributes'];
        const leadingKeys = statement.Condition?.['ForAllValues:StringLike']?.['dynamodb:LeadingKeys'];
        if (leadingKeys === undefined)
          expect(attributes).toEqual([TABLE_KEYS.partitionKey, TABLE_KEYS.sortKey, 'last_used_at']);
        else {
          expect(leadingKeys).toEqual(['RATE#*']);
          expect(attributes).toEqual([
            TABLE_KEYS.partitionKey,
            TABLE_KEYS.sortKey,
            ...RATE_BUCKET_ATTRIBUTES,
          ]);
        }
      }
    }
  });

  it('lets the other routes write the table', () => {
    for (const route of routes.filter(
      (route) => route.method !== 'GET' || WRITING_GETS.has(routeKey(route)),
    )) {
      const actions = statementsOf(template, functionId(template, routeKey(route))).flatMap(actionsOf);
      expect(actions, routeKey(route)).toEqual(expect.arrayContaining(TABLE_WRITES));
    }
  });

  it('grants bucket access only to routes that need a bucket', () => {
    for (const route of routes) {
      const access = routeAccess(route);
      const id = functionId(template, routeKey(route));
      const s3Actions = statementsOf(template, id)
        .flatMap(actionsOf)
        .filter((action) => action.startsWith('s3:'));
      if (!access.dataBucket && !access.exportsBucket) expect(s3Actions, routeKey(route)).toEqual([]);
      const variables = Object.keys(
        (template.toJSON().Resources[id].Properties.Environment as { Variables: object }).Variables,
      );
      expect(variables.includes('DATA_BUCKET')).toBe(access.dataBucket !== undefined);
      expect(variables.includes('EXPORTS_BUCKET')).toBe(access.exportsBucket !== undefined);
    }
  });

  it('gives the not-found function no access to data at all', () => {
    const id = functionId(template, 'Answers requests no route serves (404, or 405 with Allow)');
    const actions = statementsOf(template, id).flatMap(actionsOf);
    expect(actions.filter((action) => /^(dynamodb|s3|states|secretsmanager):/.test(action))).toEqual([]);
  });
});

describe('API stack in prod', () => {
  const template = apiTemplate(synthStage('prod', FIXTURE_JOBS).api);
  const variables = (id: string) =>
    (template.toJSON().Resources[id].Properties.Environment as { Variables: Record<string, unknown> })
      .Variables;

  it('names the Stripe secret to every payment route and lets only those read it', () => {
    const secretArn = {
      'Fn::Join': [
        '',
        [
          'arn:',
          { Ref: 'AWS::Partition' },
          ':secretsmanager:eu-central-1:',
          { Ref: 'AWS::AccountId' },
          ':secret:product-data/prod/stripe-??????',
        ],
      ],
    };
    let payers = 0;
    for (const route of routes) {
      const id = functionId(template, routeKey(route));
      const env = variables(id);
      const secretStatements = statementsOf(template, id).filter(
        (statement) =>
          actionsOf(statement).some((action) => action.startsWith('secretsmanager:')) &&
          JSON.stringify(statement.Resource).includes('stripe'),
      );
      if (!routeAccess(route).payments) {
        expect(env, routeKey(route)).not.toHaveProperty('STRIPE_SECRET_ID');
        expect(secretStatements, routeKey(route)).toEqual([]);
        continue;
      }
      payers += 1;
      expect(env, routeKey(route)).toMatchObject({
        STRIPE_SECRET_ID: 'product-data/prod/stripe',
        CHECKOUT_RETURN_URL: expect.stringContaining('{CHECKOUT_SESSION_ID}'),
      });
      expect(secretStatements, routeKey(route)).toEqual([
        { Effect: 'Allow', Action: 'secretsmanager:GetSecretValue', Resource: secretArn },
      ]);
    }
    expect(payers).toBeGreaterThan(0);
  });

  it('names the cursor signing key to every paged list route and lets only those read it', () => {
    for (const route of routes) {
      const id = functionId(template, routeKey(route));
      const env = variables(id);
      const readsKey = statementsOf(template, id).some((statement) =>
        JSON.stringify(statement.Resource ?? '').includes('CursorSigningKey'),
      );
      expect(readsKey, routeKey(route)).toBe(route.paged === true);
      if (route.paged)
        expect(env, routeKey(route)).toHaveProperty('CURSOR_SECRET_ID', {
          // A nested route stack receives the key's ARN as a parameter named after it.
          Ref: expect.stringMatching(/CursorSigningKey/),
        });
      else expect(env, routeKey(route)).not.toHaveProperty('CURSOR_SECRET_ID');
    }
  });

  it('names the crawl-proxy key to the project update route only, and lets only it read the key', () => {
    for (const route of routes) {
      const id = functionId(template, routeKey(route));
      const sealsProxies = route.method === 'PATCH' && route.path === '/projects/{project_id}';
      const readsKey = statementsOf(template, id).some((statement) =>
        JSON.stringify(statement.Resource ?? '').includes('CrawlProxyKey'),
      );
      expect(readsKey, routeKey(route)).toBe(sealsProxies);
      if (sealsProxies)
        expect(variables(id), routeKey(route)).toHaveProperty('CRAWL_PROXY_SECRET_ID', {
          // The key lives in the data stack, with the sealed proxies it opens.
          'Fn::ImportValue': expect.stringMatching(/CrawlProxyKey/),
        });
      else expect(variables(id), routeKey(route)).not.toHaveProperty('CRAWL_PROXY_SECRET_ID');
    }
  });

  it('puts no secret value in any function’s environment', () => {
    const secretNames = Object.keys(SECRETS);
    for (const resource of Object.values(template.findResources('AWS::Lambda::Function'))) {
      const env = JSON.stringify(resource.Properties.Environment ?? {});
      expect(env).not.toMatch(/resolve:secretsmanager|sk_live|sk_test|whsec_/);
      for (const name of secretNames)
        expect(Object.keys(resource.Properties.Environment?.Variables ?? {})).not.toContain(name);
    }
  });

  it('serves v1 in prod too', () => {
    template.hasResourceProperties('AWS::ApiGatewayV2::Stage', { StageName: 'v1' });
  });
});

describe('API stack in dev', () => {
  it('leaves payments to the local checkout', () => {
    const template = apiTemplate(synthStage('dev', FIXTURE_JOBS).api);
    const env = JSON.stringify(template.findResources('AWS::Lambda::Function'));
    expect(env).not.toContain('STRIPE_');
  });
});
