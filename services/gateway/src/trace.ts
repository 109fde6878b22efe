import type { TraceContext, TraceSpan } from '@olymp/server-kit';

/** Each proxied request's span and its context (to send as `traceparent` upstream); gone with the request. */
export const requestTraces = new WeakMap<object, { span: TraceSpan; context: TraceContext }>();
