import { createHash, randomBytes } from 'node:crypto';
import {
  type Context,
  type Span,
  SpanKind,
  SpanStatusCode,
  type TextMapGetter,
  type TextMapSetter,
  ROOT_CONTEXT,
  context,
  isSpanContextValid,
  propagation,
  trace,
} from '@opentelemetry/api';
import type { IdGenerator, NodeTracerProvider, SpanProcessor } from '@opentelemetry/sdk-trace-node';

/**
 * OpenTelemetry traces across the gateway, the services, NATS RPC and events. The W3C `traceparent` travels in HTTP
 * headers (gateway -> service), in NATS message headers (RPC requests) and in the outbox row's headers (so an
 * answer's trace continues into `quiz.finished` and whatever consumes it). A trace that starts here takes the request
 * id as its trace id (a UUID's 32 hex digits; any other id hashed), so the id in every log line finds its trace.
 *
 * Off unless OTEL_EXPORTER_OTLP_ENDPOINT is set (`initTracing`): then nothing is registered, every call below is
 * OpenTelemetry's no-op, and no header is added. Tests register a provider with an in-memory exporter instead
 * (`registerTracing`).
 */

const TRACER = 'olymp';
/** Span attribute naming the service that made a span (several services share one provider in a test process). */
export const SERVICE_ATTRIBUTE = 'olymp.service';

/** The trace id a request id stands for: its hex digits when it is a UUID, else the start of its SHA-256. */
export function traceIdOf(requestId: string): string {
  const hex = requestId.replace(/-/g, '').toLowerCase();
  if (/^[0-9a-f]{32}$/.test(hex) && !/^0+$/.test(hex)) return hex;
  return createHash('sha256').update(requestId).digest('hex').slice(0, 32);
}

/** Random ids, except the trace id of the root span `startRequestSpan` is about to start: its request's. */
class RequestIdGenerator implements IdGenerator {
  next: string | undefined;
  generateTraceId(): string {
    const id = this.next;
    this.next = undefined;
    return id ?? randomBytes(16).toString('hex');
  }
  generateSpanId(): string {
    return randomBytes(8).toString('hex');
  }
}

const ids = new RequestIdGenerator();
let provider: NodeTracerProvider | undefined;

/**
 * Registers the process's tracer provider (W3C propagation, AsyncLocalStorage context) with these processors. The
 * SDK loads here, not with the kit: with tracing off (the default) only the API's no-op tracer is ever used.
 */
export async function registerTracing(serviceName: string, processors: SpanProcessor[]): Promise<NodeTracerProvider> {
  const [{ NodeTracerProvider }, { resourceFromAttributes }] = await Promise.all([import('@opentelemetry/sdk-trace-node'), import('@opentelemetry/resources')]);
  if (provider) return provider;
  provider = new NodeTracerProvider({
    resource: resourceFromAttributes({ 'service.name': serviceName }),
    idGenerator: ids,
    spanProcessors: processors,
  });
  provider.register();
  return provider;
}

/**
 * A process's entry point calls this once: with OTEL_EXPORTER_OTLP_ENDPOINT in its environment (and the usual
 * OTEL_EXPORTER_OTLP_* settings, which the exporter reads from there too) spans are batched to that collector over
 * OTLP/HTTP; without it tracing stays off.
 */
export async function initTracing(serviceName: string): Promise<boolean> {
  if (!process.env.OTEL_EXPORTER_OTLP_ENDPOINT) return false;
  const [{ BatchSpanProcessor }, { OTLPTraceExporter }] = await Promise.all([import('@opentelemetry/sdk-trace-node'), import('@opentelemetry/exporter-trace-otlp-http')]);
  await registerTracing(process.env.OTEL_SERVICE_NAME || serviceName, [new BatchSpanProcessor(new OTLPTraceExporter())]);
  return true;
}

/** Sends what is buffered (a service's shutdown; the provider stays for others in the same process). */
export async function flushTracing(): Promise<void> {
  await provider?.forceFlush();
}

/** Whether a provider is registered (spans are recorded). */
export function tracingEnabled(): boolean {
  return provider !== undefined;
}

/** Flushes and stops the provider (a process's shutdown). */
export async function shutdownTracing(): Promise<void> {
  const p = provider;
  provider = undefined;
  await p?.shutdown();
  // The API's globals too, so a later provider (another test file in this worker) can register.
  trace.disable();
  context.disable();
  propagation.disable();
}

const tracer = () => trace.getTracer(TRACER);

type HeaderBag = Record<string, string | string[] | number | undefined>;

const headerGetter: TextMapGetter<HeaderBag> = {
  keys: (carrier) => Object.keys(carrier),
  get: (carrier, key) => {
    const value = carrier[key.toLowerCase()];
    return typeof value === 'number' ? String(value) : value;
  },
};

/**
 * The server span of an HTTP request: a child of the caller's `traceparent` when there is one, else a new trace whose
 * id is the request id's.
 */
export function startRequestSpan(service: string, name: string, requestId: string, headers: HeaderBag): { span: Span; context: Context } {
  const parent = propagation.extract(ROOT_CONTEXT, headers, headerGetter);
  return startSpanFor(service, name, SpanKind.SERVER, requestId, parent);
}

/** A span continuing `parent` (an extracted context) or, when it holds none, a new trace named after the request id. */
export function startChildSpan(service: string, name: string, kind: SpanKind, parent: Context, requestId: string | undefined): { span: Span; context: Context } {
  return startSpanFor(service, name, kind, requestId, parent);
}

function startSpanFor(service: string, name: string, kind: SpanKind, requestId: string | undefined, parent: Context): { span: Span; context: Context } {
  const remote = trace.getSpanContext(parent);
  const hasParent = remote !== undefined && isSpanContextValid(remote);
  if (!hasParent && requestId && provider) ids.next = traceIdOf(requestId);
  try {
    const span = tracer().startSpan(name, { kind, attributes: { [SERVICE_ATTRIBUTE]: service } }, hasParent ? parent : ROOT_CONTEXT);
    return { span, context: trace.setSpan(hasParent ? parent : ROOT_CONTEXT, span) };
  } finally {
    ids.next = undefined;
  }
}

/** Adds `traceparent` (and `tracestate`) of `ctx` (default: the active context) to a plain header object. */
export function injectTraceHeaders(headers: Record<string, string>, ctx: Context = context.active()): Record<string, string> {
  propagation.inject(ctx, headers, {
    set: (carrier, key, value) => {
      carrier[key] = value;
    },
  } satisfies TextMapSetter<Record<string, string>>);
  return headers;
}

/** NATS message headers as OpenTelemetry reads them. */
interface NatsHeaderLike {
  get(key: string): string;
  keys(): string[];
}

/** The trace context carried by a NATS message (RPC request, JetStream event), or the root context. */
export function extractFromNats(headers: NatsHeaderLike | undefined): Context {
  if (!headers) return ROOT_CONTEXT;
  return propagation.extract(ROOT_CONTEXT, headers, {
    keys: (h) => h.keys(),
    get: (h, key) => h.get(key) || undefined,
  });
}

/**
 * Runs `work` inside a span continuing `parent` (kind CONSUMER for events, SERVER for RPC handlers, CLIENT for RPC
 * requests); the span ends when the work settles, marked as an error when it throws.
 */
export async function inSpan<T>(
  service: string,
  name: string,
  kind: SpanKind,
  parent: Context,
  requestId: string | undefined,
  work: (span: Span) => Promise<T>,
): Promise<T> {
  const { span, context: ctx } = startSpanFor(service, name, kind, requestId, parent);
  try {
    return await context.with(ctx, () => work(span));
  } catch (err) {
    span.recordException(err instanceof Error ? err : String(err));
    span.setStatus({ code: SpanStatusCode.ERROR });
    throw err;
  } finally {
    span.end();
  }
}

/** Ends an HTTP server span with the answer's status (5xx is an error). */
export function endRequestSpan(span: Span, method: string, status: number, route: string | undefined): void {
  span.setAttribute('http.response.status_code', status);
  if (route) {
    span.setAttribute('http.route', route);
    span.updateName(`${method} ${route}`);
  }
  if (status >= 500) span.setStatus({ code: SpanStatusCode.ERROR });
  span.end();
}

export { SpanKind, context as otelContext };
