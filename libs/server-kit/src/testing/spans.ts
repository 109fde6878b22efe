import { InMemorySpanExporter, type ReadableSpan, SimpleSpanProcessor } from '@opentelemetry/sdk-trace-node';
import { registerTracing, shutdownTracing } from '../tracing/tracing';

/**
 * Tracing on for this test process, every finished span kept in memory (each at once: no batching to wait for).
 * Register before starting services; `stop()` unregisters it again.
 */
export function recordSpans(): { spans(): ReadableSpan[]; stop(): Promise<void> } {
  const exporter = new InMemorySpanExporter();
  registerTracing('test', [new SimpleSpanProcessor(exporter)]);
  return { spans: () => exporter.getFinishedSpans(), stop: () => shutdownTracing() };
}

export type { ReadableSpan };
