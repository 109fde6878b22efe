import type { FastifyReply, FastifyRequest } from 'fastify';
import type { IncomingHttpHeaders } from 'node:http';
import type { Readable } from 'node:stream';
import { Agent } from 'undici';
import type { GatewayConfig } from './config';
import { upstreamPool } from './balancer';
import type { UpstreamService } from './routes';
import { HOP_BY_HOP, isUnreachable, replyUpstreamFailure, retryDelay, undiciOptions, upstreamRequestHeaders, upstreamResponseHeaders } from './upstream';

/**
 * The light path of `/api`: a request with no body or a body of a declared length up to LIGHT_PROXY_MAX_BODY
 * (16 KB: an answer save, a login, a board read) is read whole and sent upstream in one write, and its answer, when
 * of a declared length up to LIGHT_ANSWER_MAX, is read whole and sent in one write, with no stream piped either way.
 * A profile of the gateway under answer saves put a third of its CPU in reply-from's and Node's stream plumbing for
 * bodies of a few hundred bytes (docs/performance.md). Everything else (uploads, chunked or multipart bodies,
 * downloads, HEAD) keeps reply-from's streaming path. Both share the headers, the balancer and the error mapping
 * (upstream.ts).
 */
export const LIGHT_ANSWER_MAX = 256 * 1024;

const LIGHT_METHODS = new Set(['GET', 'POST', 'PUT', 'PATCH', 'DELETE']);

/** Whether the light path takes this request: a method it takes, a body of a declared length up to `maxBody`, or none. */
export function takesLight(request: FastifyRequest, maxBody: number): boolean {
  if (maxBody === 0 || !LIGHT_METHODS.has(request.method)) return false;
  const headers = request.headers;
  if (headers['transfer-encoding'] !== undefined || headers.upgrade !== undefined) return false;
  const length = headers['content-length'];
  if (length === undefined) return request.body === undefined || request.body === null;
  const n = Number(length);
  return Number.isInteger(n) && n >= 0 && n <= maxBody && !Buffer.isBuffer(request.body);
}

/** Headers about the client's hop only (and Host: undici names the upstream's), never sent upstream. */
const HOP_HEADERS: ReadonlySet<string> = new Set([...HOP_BY_HOP, 'host']);

/** HOP_HEADERS, and the headers the client named in its Connection header (rare: most say keep-alive or close). */
function hopHeadersOf(headers: IncomingHttpHeaders): ReadonlySet<string> {
  const connection = headers.connection;
  if (typeof connection !== 'string' || connection === 'keep-alive' || connection === 'close') return HOP_HEADERS;
  const named = new Set(HOP_HEADERS);
  for (const name of connection.split(',')) named.add(name.trim().toLowerCase());
  return named;
}

export async function readAll(stream: Readable, length: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream) {
    chunks.push(chunk as Buffer);
    size += (chunk as Buffer).length;
  }
  if (size !== length) throw new Error('request body shorter than its Content-Length');
  return chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks, size);
}

export class LightProxy {
  private readonly agent: Agent;

  constructor(private readonly config: GatewayConfig) {
    this.agent = new Agent(undiciOptions(config));
  }

  async forward(request: FastifyRequest, reply: FastifyReply, service: UpstreamService, base: string): Promise<FastifyReply> {
    const length = Number(request.headers['content-length'] ?? 0);
    let body: Buffer | undefined;
    try {
      body = length > 0 ? await readAll(request.body as Readable, length) : undefined;
    } catch (error) {
      // The client went away before its body was in: nobody is left to answer, and nothing went upstream.
      request.log.debug({ err: error }, 'client left before its body was read');
      reply.raw.destroy();
      return reply;
    }
    return this.relay(request, reply, service, base, body);
  }

  /** Sends `request` with `body` (read already) to `base`, and its answer back to the client. */
  async relay(request: FastifyRequest, reply: FastifyReply, service: UpstreamService, base: string, body: Buffer | undefined): Promise<FastifyReply> {
    const headers = upstreamRequestHeaders(request, request.headers, this.config, hopHeadersOf(request.headers));
    for (let attempt = 0; ; attempt++) {
      try {
        const answer = await this.agent.request({
          origin: base,
          path: request.url,
          method: request.method as 'GET',
          headers: headers as Record<string, string>,
          body,
        });
        const declared = Number(answer.headers['content-length']);
        // A small answer is read whole before any header is set, so a failure while reading it still gets the
        // catalogue's error with headers of its own, not the upstream's Content-Length.
        const bytes = Number.isInteger(declared) && declared <= LIGHT_ANSWER_MAX ? Buffer.from(await answer.body.arrayBuffer()) : null;
        reply.code(answer.statusCode).headers(upstreamResponseHeaders(answer.headers, request));
        return reply.send(bytes ?? answer.body);
      } catch (error) {
        if (retryDelay({ err: error, req: request, attempt }) !== null) continue;
        request.log.warn({ err: error }, 'response errored');
        if (isUnreachable(error)) upstreamPool(this.config, service).markDown(base);
        replyUpstreamFailure(reply, error);
        return reply;
      }
    }
  }

  /** After the server closed: every client was answered, so what is still open upstream is for clients who left. */
  close(): Promise<void> {
    return this.agent.destroy();
  }
}
