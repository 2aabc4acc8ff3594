import middy from '@middy/core';
import type { Context } from 'aws-lambda';
import type * as v from 'valibot';
import { type Principal, scopeProblem } from '#core/access-policy';
import { RouteGuard } from '#core/route-guard';
import type { HttpEvent } from '#platform/http-event';
import { type HttpResponse, json } from '#platform/http-response';
import { problemResponse } from '#platform/problem-response';
import { requestBaseUrl, stageBaseUrl } from '#platform/request-base-url';
import { findRoute, type Route, routeKey } from '#platform/routes';
import { publicBaseUrl } from '#platform/stage-services';
import { parseJsonBody, validateInput, validateParts } from '#platform/validate-input';
import { authenticate } from './authenticate.ts';
import { idempotent } from './idempotency.ts';
import { admitRequest } from './rate-limit.ts';

/** What an answer carries: a JSON body of that schema, another media type, or nothing. */
export type AnswerBody = v.GenericSchema | { mediaType: string } | null;

/** The statuses handlers answer with themselves: successes, and the error pages of the HTML checkout. */
export type AnswerStatus = 200 | 201 | 204 | 302 | 400 | 404;

/**
 * An endpoint's schemas: its inputs, which the factory validates, and the answers it gives (problems aside), which
 * the OpenAPI document and the integration tests read (the handlers do not parse their output).
 */
export interface EndpointSchemas {
  body?: v.GenericSchema;
  query?: v.GenericSchema;
  path?: v.GenericSchema;
  responses: Partial<Record<AnswerStatus, AnswerBody>>;
}

type Parsed<S extends v.GenericSchema | undefined> = S extends v.GenericSchema ? v.InferOutput<S> : undefined;

/** The statuses at which the endpoint answers a JSON body of a schema. */
export type JsonStatus<S extends EndpointSchemas> = {
  [Status in keyof S['responses']]: S['responses'][Status] extends v.GenericSchema ? Status : never;
}[keyof S['responses']] &
  AnswerStatus;

/**
 * The body the endpoint answers with at `status`, as its response schema types it: a view that
 * drifts from the schema the OpenAPI document publishes fails to compile.
 */
export type AnswerOf<
  S extends EndpointSchemas,
  Status extends JsonStatus<S>,
> = S['responses'][Status] extends v.GenericSchema ? v.InferInput<S['responses'][Status]> : never;

/** A JSON answer typed by the endpoint's response schema of that status. */
export type Answer<S extends EndpointSchemas> = <Status extends JsonStatus<S>>(
  status: Status,
  body: AnswerOf<S, Status>,
  headers?: Record<string, string>,
) => HttpResponse;

export interface HttpRequest<S extends EndpointSchemas> {
  body: Parsed<S['body']>;
  query: Parsed<S['query']>;
  path: Parsed<S['path']>;
  principal: Principal;
  /** The access check of the route's policy action (`authorized*` take it), which the factory enforces. */
  guard: RouteGuard;
  requestId: string;
  /** The absolute URL of the API as this caller reaches it, for links the response hands out. */
  baseUrl: string;
  event: HttpEvent;
  /** `json` typed by the route's response schemas. */
  answer: Answer<S>;
}

/** A request of a route with auth NONE: there is no caller to name; the handler checks what it needs. */
export type PublicHttpRequest<S extends EndpointSchemas> = Omit<HttpRequest<S>, 'principal' | 'guard'>;

interface RequestState {
  requestId: string;
  route: Route;
  principal?: Principal;
  deprecatedCredential: boolean;
}

type AppContext = Context & { app?: RequestState };

function requestState(event: HttpEvent, context: AppContext): RequestState {
  if (context.app) return context.app;
  const route = findRoute(event.routeKey);
  if (!route) throw new Error(`No route ${event.routeKey} in the route table`);
  context.app = {
    requestId: event.requestContext?.requestId ?? context.awsRequestId,
    route,
    deprecatedCredential: false,
  };
  return context.app;
}

function withCommonHeaders(response: HttpResponse, state: RequestState | undefined): HttpResponse {
  const headers: Record<string, string | number | boolean> = { ...response.headers };
  if (state) headers['x-request-id'] = state.requestId;
  // Deprecated credential forms still work, and every answer to them says so.
  if (state?.deprecatedCredential) headers.deprecation = 'true';
  return { ...response, headers };
}

const authentication: middy.MiddlewareObj<HttpEvent, HttpResponse, Error, AppContext> = {
  before: async ({ event, context }) => {
    const state = requestState(event, context);
    if (state.route.auth !== 'API_KEY') return;
    const { principal, deprecatedCredential } = await authenticate(event);
    state.principal = principal;
    state.deprecatedCredential = deprecatedCredential;
    // Every request of a known key counts, the ones its scope then refuses included.
    await admitRequest(principal.keyId);
    const problem = state.route.scope === 'USER' ? scopeProblem(principal) : null;
    if (problem) throw problem;
  },
};

const problemResponses: middy.MiddlewareObj<HttpEvent, HttpResponse, Error, AppContext> = {
  onError: (request) => {
    const state = request.context.app;
    const requestId = state?.requestId ?? request.context.awsRequestId;
    const docsUrl = `${state ? requestBaseUrl(request.event, state.route.path, publicBaseUrl()) : stageBaseUrl(request.event, publicBaseUrl())}/docs`;
    request.response = withCommonHeaders(problemResponse(request.error, requestId, docsUrl), state);
  },
};

const commonHeaders: middy.MiddlewareObj<HttpEvent, HttpResponse, Error, AppContext> = {
  after: (request) => {
    if (request.response) request.response = withCommonHeaders(request.response, request.context.app);
  },
};

function query(event: HttpEvent): Record<string, string> {
  // `token` is a credential (deprecated), not an input of any endpoint.
  const { token: _token, ...rest } = event.queryStringParameters ?? {};
  return Object.fromEntries(
    Object.entries(rest).filter((entry): entry is [string, string] => entry[1] !== undefined),
  );
}

/**
 * The one factory every endpoint handler uses: request id, authentication (and the route's scope),
 * JSON parsing, valibot validation of body, query and path, the route's policy action, and the
 * mapping of every error to a problem response.
 */
export function http<S extends EndpointSchemas>(
  schemas: S,
  run: (request: HttpRequest<S>) => Promise<HttpResponse>,
) {
  return endpoint('API_KEY', schemas, async (request, { route, principal }) => {
    if (!principal) throw new Error('An API_KEY route ran without a principal');
    const guard = new RouteGuard(principal, route.action, routeKey(route));
    const response = await run({ ...request, principal, guard });
    // The route table names the action: an answer that no check of it let through is refused, so a
    // handler that forgot its check answers 500 rather than another project's data.
    if (route.action && !route.actionWhen && !guard.passed)
      throw new Error(`Route ${routeKey(route)} answered without checking ${route.action}`);
    return response;
  });
}

/**
 * The same factory for routes with auth NONE (provider webhooks, the local checkout page), which
 * authenticate otherwise (a signature) or need no caller at all.
 */
export function publicHttp<S extends EndpointSchemas>(
  schemas: S,
  run: (request: PublicHttpRequest<S>) => Promise<HttpResponse>,
) {
  return endpoint('NONE', schemas, (request) => run(request));
}

function endpoint<S extends EndpointSchemas>(
  auth: Route['auth'],
  schemas: S,
  run: (request: PublicHttpRequest<S>, state: RequestState) => Promise<HttpResponse>,
) {
  const handler = middy<HttpEvent, HttpResponse, Error, AppContext>({ timeoutEarlyInMillis: 0 })
    .use(commonHeaders)
    .use(authentication)
    .use(problemResponses)
    .handler(async (event, context) => {
      const state = requestState(event, context);
      // A public handler on a keyed route would skip its check; a keyed one on a public route would 500.
      if (state.route.auth !== auth)
        throw new Error(`Route ${event.routeKey} needs auth ${state.route.auth}`);
      // Inside the idempotency wrapper, so a refused body is kept and replayed like any other answer.
      const baseUrl = requestBaseUrl(event, state.route.path, publicBaseUrl());
      return idempotent(state.route, state.principal, event, state.requestId, `${baseUrl}/docs`, () => {
        const request = {
          ...validateParts({
            body: () =>
              schemas.body
                ? validateInput(schemas.body, parseJsonBody(event.body, event.isBase64Encoded), 'body')
                : undefined,
            query: () => (schemas.query ? validateInput(schemas.query, query(event), 'query') : undefined),
            path: () =>
              schemas.path ? validateInput(schemas.path, event.pathParameters ?? {}, 'path') : undefined,
          }),
          requestId: state.requestId,
          baseUrl,
          event,
          answer: json,
        } as PublicHttpRequest<S>;
        return run(request, state);
      });
    });
  // The OpenAPI document reads each endpoint's schemas from here, so it can never drift from them.
  return Object.assign(handler, { schemas });
}
