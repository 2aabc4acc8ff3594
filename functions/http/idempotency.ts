import type { Principal } from '#core/access-policy';
import {
  decideIdempotency,
  IDEMPOTENCY_HEADER,
  keepsAnswer,
  keyInUse,
  parseIdempotencyKey,
  replayed,
  requestFingerprint,
  reusedKey,
  type StoredResponse,
} from '#core/idempotency';
import { Problem } from '#core/problem';
import type { HttpEvent } from '#platform/http-event';
import type { HttpResponse } from '#platform/http-response';
import { logError } from '#platform/log';
import { problemResponse } from '#platform/problem-response';
import { type Route, routeKey } from '#platform/routes';
import {
  claimIdempotencyKey,
  type IdempotencyScope,
  keepIdempotentResponse,
  readIdempotencyRecord,
  releaseIdempotencyKey,
} from '#store/idempotency-records';

// A claim can be lost between reading the key and claiming it (another request claimed, or released
// it); reading again settles it, and a key that keeps changing hands is simply in use.
const CLAIM_ATTEMPTS = 3;

function stored(response: HttpResponse): StoredResponse {
  return {
    statusCode: response.statusCode,
    headers: Object.fromEntries(
      Object.entries(response.headers ?? {}).map(([name, value]) => [name, String(value)]),
    ),
    body: response.body ?? '',
    isBase64Encoded: response.isBase64Encoded ?? false,
  };
}

function rawBody(event: HttpEvent): string {
  if (!event.body) return '';
  return event.isBase64Encoded ? Buffer.from(event.body, 'base64').toString('utf8') : event.body;
}

/**
 * Runs `work` once per Idempotency-Key on the routes that take one: the first answer is kept for 24 h
 * and replayed to a repeat of the same request, another request with the key is refused, and a
 * repeat while the first runs is 409. Without the header, `work` simply runs.
 */
export async function idempotent(
  route: Route,
  principal: Principal | undefined,
  event: HttpEvent,
  requestId: string,
  /** The docs page a kept problem's `type` links to. */
  docsUrl: string,
  work: () => Promise<HttpResponse>,
): Promise<HttpResponse> {
  if (!route.idempotent) return work();
  const key = parseIdempotencyKey(event.headers?.[IDEMPOTENCY_HEADER]);
  if (key === null) return work();
  if (!principal) throw new Error(`Route ${routeKey(route)} takes an Idempotency-Key but has no caller`);
  const scope: IdempotencyScope = {
    userId: principal.userId,
    projectId: principal.projectId,
    route: routeKey(route),
    key,
  };
  const { token: _credential, ...query } = event.queryStringParameters ?? {};
  const fingerprint = requestFingerprint({ path: event.pathParameters ?? {}, query, body: rawBody(event) });
  for (let attempt = 0; attempt < CLAIM_ATTEMPTS; attempt++) {
    const now = Date.now();
    const decision = decideIdempotency(await readIdempotencyRecord(scope), fingerprint, now);
    if (decision.kind === 'REUSED') throw reusedKey();
    if (decision.kind === 'IN_USE') throw keyInUse();
    if (decision.kind === 'REPLAY') return replayed(decision.response);
    if (await claimIdempotencyKey(scope, fingerprint, requestId, now))
      return runClaimed(scope, fingerprint, requestId, work, docsUrl);
  }
  throw keyInUse();
}

async function runClaimed(
  scope: IdempotencyScope,
  fingerprint: string,
  claimId: string,
  work: () => Promise<HttpResponse>,
  docsUrl: string,
): Promise<HttpResponse> {
  let response: HttpResponse;
  try {
    response = await work();
  } catch (error) {
    // A problem of the request's own (4xx) answers the same on a repeat; anything else frees the key.
    const answer =
      error instanceof Problem && keepsAnswer(error.status) ? problemResponse(error, claimId, docsUrl) : null;
    await settle(scope, fingerprint, claimId, answer);
    throw error;
  }
  await settle(scope, fingerprint, claimId, keepsAnswer(response.statusCode) ? response : null);
  return response;
}

/**
 * Keeps the answer, or releases the key. The work has happened by now, so a failure to write here
 * is logged and the caller still gets its answer; the claim then runs out and a retry runs again.
 */
async function settle(
  scope: IdempotencyScope,
  fingerprint: string,
  claimId: string,
  answer: HttpResponse | null,
): Promise<void> {
  try {
    if (answer) await keepIdempotentResponse(scope, fingerprint, claimId, stored(answer), Date.now());
    else await releaseIdempotencyKey(scope, claimId);
  } catch (error) {
    logError('idempotency record not written', error, { requestId: claimId, route: scope.route });
  }
}
