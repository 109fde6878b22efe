import type { FastifyReply, FastifyRequest } from 'fastify';
import type { IncomingHttpHeaders } from 'node:http';
import type { ErrorCode } from '@olymp/proto';
import type { GatewayConfig } from './config';
import { GatewayError, sendError } from './errors';
import { REQUEST_ID_HEADER, injectTraceHeaders } from '@olymp/server-kit';
import { requestTraces } from './trace';

/**
 * What every proxied exchange shares, HTTP and websocket: the headers sent upstream, the headers kept from the
 * upstream's answer, and how a failed upstream call becomes the catalogue's error.
 */

const NOT_FORWARDED = new Set(['expect', 'traceparent', 'tracestate']);

/** Headers the gateway sets for its upstreams, whatever the client sent (and without those named in `drop`). */
export function upstreamRequestHeaders(
  request: FastifyRequest,
  headers: IncomingHttpHeaders,
  config: Pick<GatewayConfig, 'TRUST_PROXY'>,
  drop?: ReadonlySet<string>,
): IncomingHttpHeaders {
  const peer = request.socket.remoteAddress ?? request.ip;
  const forwardedFor =
    config.TRUST_PROXY && typeof headers['x-forwarded-for'] === 'string' && headers['x-forwarded-for'] !== ''
      ? `${headers['x-forwarded-for']}, ${peer}`
      : peer;
  // `Expect: 100-continue` was answered to the client (bodies.ts) and the body is on its way: undici refuses the
  // header outright, and the upstream has nothing left to decide. A client's trace headers are not passed on.
  // One loop, not a rest-spread: this runs for every proxied request and showed in the gateway's profile.
  const rest: IncomingHttpHeaders = {};
  for (const name in headers) {
    if (!NOT_FORWARDED.has(name) && !drop?.has(name)) rest[name] = headers[name];
  }
  const trace = requestTraces.get(request);
  return {
    ...rest,
    // The service's span is a child of the gateway's; whatever trace headers the client sent are dropped.
    ...(trace ? injectTraceHeaders({}, trace.context) : {}),
    [REQUEST_ID_HEADER]: request.id,
    'x-forwarded-for': forwardedFor,
    'x-forwarded-proto': request.protocol,
    'x-forwarded-host': request.host,
    'x-real-ip': request.ip,
  };
}

/**
 * Headers about one connection, not the message: the gateway's own connections decide them (an answer's, and on the
 * light path a request's).
 */
export const HOP_BY_HOP: ReadonlySet<string> = new Set(['connection', 'keep-alive', 'proxy-connection', 'transfer-encoding', 'upgrade', 'te', 'trailer']);

/**
 * The upstream's answer headers as they are, except CORS (the gateway is the only CORS authority, so a service's own
 * CORS headers cannot widen or contradict it), hop-by-hop headers, and the request id (always the gateway's).
 */
export function upstreamResponseHeaders(
  headers: Record<string, string | string[] | number | undefined>,
  request: FastifyRequest,
): Record<string, string | string[] | number | undefined> {
  const kept: Record<string, string | string[] | number | undefined> = {};
  for (const [name, value] of Object.entries(headers)) {
    const lower = name.toLowerCase();
    if (!lower.startsWith('access-control-') && !HOP_BY_HOP.has(lower)) kept[name] = value;
  }
  kept[REQUEST_ID_HEADER] = request.id;
  return kept;
}

const UNREACHABLE = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EHOSTDOWN',
  'ECONNRESET',
  'EPIPE',
  'UND_ERR_CONNECT_TIMEOUT',
  'UND_ERR_SOCKET',
  'UND_ERR_CLOSED',
  'UND_ERR_DESTROYED',
  'FST_REPLY_FROM_SERVICE_UNAVAILABLE',
]);
const TIMED_OUT = new Set([
  'FST_REPLY_FROM_GATEWAY_TIMEOUT',
  'FST_REPLY_FROM_TIMEOUT',
  'UND_ERR_HEADERS_TIMEOUT',
  'UND_ERR_BODY_TIMEOUT',
]);

interface ErrorLike {
  code?: unknown;
  cause?: unknown;
}

/** The chain error, error.cause, error.cause.cause... (reply-from wraps the undici error it got). */
function* causes(error: unknown): Generator<ErrorLike> {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current && typeof current === 'object'; depth++) {
    yield current as ErrorLike;
    current = (current as ErrorLike).cause;
  }
}

/** Whether the upstream could not be reached at all (refused, reset, unresolvable), as opposed to slow or failing. */
export function isUnreachable(error: unknown): boolean {
  for (const e of causes(error)) {
    if (typeof e.code === 'string' && UNREACHABLE.has(e.code)) return true;
  }
  return false;
}

/** Maps a failed upstream call to the catalogue: down -> SERVICE_UNAVAILABLE, too slow -> UPSTREAM_TIMEOUT. */
export function upstreamFailure(error: unknown): GatewayError {
  for (const e of causes(error)) {
    if (e instanceof GatewayError) return e;
  }
  for (const e of causes(error)) {
    const code = typeof e.code === 'string' ? e.code : '';
    if (TIMED_OUT.has(code)) return new GatewayError('UPSTREAM_TIMEOUT');
    if (UNREACHABLE.has(code)) return new GatewayError('SERVICE_UNAVAILABLE');
  }
  return new GatewayError('INTERNAL');
}

export function replyUpstreamFailure(reply: FastifyReply, error: unknown): void {
  const failure = upstreamFailure(error);
  const code: ErrorCode = failure.code;
  if (reply.sent) return;
  if (code === 'PAYLOAD_TOO_LARGE') reply.header('connection', 'close');
  sendError(reply.request, reply, code, failure.params, failure.headers);
}

const RETRYABLE_SOCKET_ERRORS = new Set(['UND_ERR_SOCKET', 'ECONNRESET']);

/**
 * reply-from's retry policy, replaced: by default it retries a GET that got a 503 up to 10 times, which would
 * multiply the load on a service that is shedding load. Only one immediate retry is kept, for a bodiless GET or
 * HEAD whose pooled keep-alive connection was closed by the upstream just as it was reused.
 */
export function retryDelay({ err, req, attempt }: { err: unknown; req: { method?: string }; attempt: number }): number | null {
  if (attempt > 0 || (req.method !== 'GET' && req.method !== 'HEAD')) return null;
  const code = err && typeof err === 'object' ? (err as ErrorLike).code : undefined;
  return typeof code === 'string' && RETRYABLE_SOCKET_ERRORS.has(code) ? 1 : null;
}

export function undiciOptions(config: GatewayConfig) {
  return {
    connections: config.UPSTREAM_CONNECTIONS,
    pipelining: 1,
    headersTimeout: config.UPSTREAM_TIMEOUT_MS,
    bodyTimeout: config.UPSTREAM_TIMEOUT_MS,
    connect: { timeout: config.UPSTREAM_CONNECT_TIMEOUT_MS },
  };
}

