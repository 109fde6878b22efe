import { z } from 'zod';
import { PERMISSIONS } from './permissions';
import type { ErrorCode } from './errors';

/**
 * Request/reply between services over NATS. Each pattern has a request and a reply schema; errors come back as
 * `RpcErrorReply` with a domain code. Patterns are named `service.entity.verb` like events.
 */
export const RPC = {
  'auth.role.permissions': {
    request: z.object({ roleId: z.number().int().positive() }),
    reply: z.object({ roleId: z.number().int(), permissions: z.array(z.enum(PERMISSIONS)) }),
  },
} as const;

export type RpcPattern = keyof typeof RPC;
export type RpcRequest<P extends RpcPattern> = z.infer<(typeof RPC)[P]['request']>;
export type RpcReply<P extends RpcPattern> = z.infer<(typeof RPC)[P]['reply']>;

/** What a failed RPC answers; the caller rethrows it as the same domain error. */
export interface RpcErrorReply {
  error: { code: ErrorCode; params?: Record<string, unknown> };
}
