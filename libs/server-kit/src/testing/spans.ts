import type { ReadableSpan } from '@opentelemetry/sdk-trace-node';
import { registerTracing, shutdownTracing } from '../tracing/tracing';

/**
 * Tracing on for this test process, every finished span kept in memory (each at once: no batching to wait for).
 * Register before starting services; `stop()` unregisters it again.
 */
export async function recordSpans(): Promise<{ spans(): ReadableSpan[]; stop(): Promise<void> }> {
  const { InMemorySpanExporter, SimpleSpanProcessor } = await import('@opentelemetry/sdk-trace-node');
  const exporter = new InMemorySpanExporter();
  await registerTracing('test', [new SimpleSpanProcessor(exporter)]);
  return { spans: () => exporter.getFinishedSpans(), stop: () => shutdownTracing() };
}

export type { ReadableSpan };
