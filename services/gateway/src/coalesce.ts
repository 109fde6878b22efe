import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Agent } from 'undici';
import {
  ANSWER_SAVES_MAX_AUTHORIZATION, ANSWER_SAVES_MAX_ITEMS, ANSWER_SAVES_MAX_LOCALE, ANSWER_SAVES_PATH, type AnswerSavesBody, answerSavesReply,
} from '@olymp/proto';
import { type Histogram, LOCALE_HEADER, type Metrics, REQUEST_ID_HEADER } from '@olymp/server-kit';
import type { GatewayConfig } from './config';
import { upstreamPool } from './balancer';
import { GatewayError } from './errors';
import { type LightProxy, readAll } from './light';
import { isUnreachable, replyUpstreamFailure, undiciOptions } from './upstream';

/** The one route whose requests are coalesced: a pupil's answer save, the olympiad's hottest call. */
export const COALESCED_PATH = '/api/user-answer';
/** A save body larger than this goes the ordinary way (a real save is a few hundred bytes). */
export const COALESCED_MAX_BODY = 16 * 1024;
/** A coalesced request stays well under the 1 MB a service reads (its bodies travel in base64). */
const MAX_BATCH_BYTES = 512 * 1024;
/** The content types learning's JSON parser takes as they are; anything else goes the ordinary way (and gets its 415). */
const JSON_TYPES = new Set(['application/json', 'application/json; charset=utf-8', 'application/json;charset=utf-8']);

interface Pending {
  request: FastifyRequest;
  reply: FastifyReply;
  save: AnswerSavesBody['saves'][number];
  /** The body as it came, for a learning that does not know the coalesced route (sent on its own by the light path). */
  body: Buffer;
  done: () => void;
}

/**
 * Answer saves through the gateway, coalesced (docs/performance.md, docs/learning.md "Coalesced saves"): every
 * `POST /api/user-answer` that arrives in one turn of the event loop goes to learning in one request
 * (`POST /internal/answer-saves`, proto's answerSavesBody), which answers each as its own route would. A save then
 * costs no upstream hop and no Nest pipeline of its own, and the saves of a turn reach learning's SaveBatcher together
 * (one statement). The rest of the gateway's rules apply per client request before a save is queued: rate limits,
 * shedding, body limits, request ids; each client gets its own status and body, with its own request id.
 *
 * Only requests learning would read the same way are taken: exactly that path with no query, a JSON content type,
 * a body of a declared length (1 byte to 16 KB) with no Content-Encoding, and Authorization and X-Locale headers no
 * longer than the coalesced request carries. The rest (a form, a chunked or encoded body, a query string, a 10 KB
 * token) keeps the ordinary path and its answers (415, 413, 401...): one client's odd request never fails a batch.
 */
export class AnswerSaveCoalescer {
  private readonly agent: Agent;
  private queue: Pending[] = [];
  private scheduled = false;
  private readonly sizes: Histogram | undefined;

  constructor(
    private readonly config: GatewayConfig,
    /** Forwards a save on its own when learning does not know the coalesced route. */
    private readonly light: LightProxy,
    metrics?: Metrics,
  ) {
    this.agent = new Agent(undiciOptions(config));
    // How many saves each coalesced request carries: near 1, the hop is paid per save again (a quiet gateway, or too
    // many replicas for the load); operators read it beside the save latency.
    this.sizes = metrics?.histogram('gateway_coalesced_saves', 'Answer saves per coalesced request to learning', [], [1, 2, 4, 8, 16, 32, 64, 128, 256]);
  }

  takes(request: FastifyRequest): boolean {
    if (request.method !== 'POST' || request.url !== COALESCED_PATH) return false;
    const headers = request.headers;
    if (headers['transfer-encoding'] !== undefined || headers.upgrade !== undefined || headers['content-encoding'] !== undefined) return false;
    const type = headers['content-type'];
    if (typeof type !== 'string' || !JSON_TYPES.has(type.trim().toLowerCase())) return false;
    // Headers longer than the coalesced request takes would fail the whole batch there: such a save goes on its own.
    const { authorization, [LOCALE_HEADER]: locale } = headers;
    if ((authorization?.length ?? 0) > ANSWER_SAVES_MAX_AUTHORIZATION || (locale?.length ?? 0) > ANSWER_SAVES_MAX_LOCALE) return false;
    const n = Number(headers['content-length']);
    return Number.isInteger(n) && n > 0 && n <= COALESCED_MAX_BODY && !Buffer.isBuffer(request.body);
  }

  async forward(request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> {
    let body: Buffer;
    try {
      body = await readAll(request.body as Readable, Number(request.headers['content-length']));
    } catch (error) {
      // The client went away before its body was in: nobody is left to answer, and nothing went upstream.
      request.log.debug({ err: error }, 'client left before its body was read');
      reply.raw.destroy();
      return reply;
    }
    const authorization = request.headers.authorization;
    const locale = request.headers[LOCALE_HEADER];
    await new Promise<void>((done) => {
      this.queue.push({
        request,
        reply,
        done,
        body,
        save: {
          requestId: request.id,
          body: body.toString('base64'),
          ...(typeof authorization === 'string' ? { authorization } : {}),
          ...(typeof locale === 'string' ? { locale } : {}),
        },
      });
      if (!this.scheduled) {
        this.scheduled = true;
        setImmediate(() => this.flush());
      }
    });
    return reply;
  }

  private flush(): void {
    this.scheduled = false;
    const queue = this.queue;
    this.queue = [];
    let batch: Pending[] = [];
    let bytes = 0;
    for (const p of queue) {
      const size = p.save.body.length + (p.save.authorization?.length ?? 0) + 200;
      if (batch.length && (batch.length >= ANSWER_SAVES_MAX_ITEMS || bytes + size > MAX_BATCH_BYTES)) {
        void this.send(batch);
        batch = [];
        bytes = 0;
      }
      batch.push(p);
      bytes += size;
    }
    if (batch.length) void this.send(batch);
  }

  private async send(batch: Pending[]): Promise<void> {
    const pool = upstreamPool(this.config, 'learning');
    const base = pool.pick();
    this.sizes?.observe(batch.length);
    for (const p of batch) {
      p.request.upstreamService = 'learning';
      p.request.routePrefix = COALESCED_PATH;
      p.request.upstreamBase = base;
    }
    try {
      const answer = await this.agent.request({
        origin: base,
        path: ANSWER_SAVES_PATH,
        method: 'POST',
        headers: { 'content-type': 'application/json', [REQUEST_ID_HEADER]: randomUUID() },
        body: JSON.stringify({ saves: batch.map((p) => p.save) } satisfies AnswerSavesBody),
      });
      const text = await answer.body.text();
      if (answer.statusCode === 404) {
        // A learning older than this gateway (a rolling deployment updates one before the other): each save goes
        // on its own, as before.
        await Promise.all(batch.map((p) => this.light.relay(p.request, p.reply, 'learning', base, p.body).finally(p.done)));
        return;
      }
      if (answer.statusCode !== 200) {
        // The batch itself refused: learning is closing (503), or overloaded; anything else is the gateway's bug.
        const error = answer.statusCode === 503 ? new GatewayError('SERVICE_UNAVAILABLE') : new GatewayError('INTERNAL');
        if (answer.statusCode !== 503) batch[0]?.request.log.error({ status: answer.statusCode, body: text.slice(0, 500) }, 'coalesced answer saves refused');
        throw error;
      }
      const { replies } = answerSavesReply.parse(JSON.parse(text));
      if (replies.length !== batch.length) throw new Error(`coalesced answer saves: ${replies.length} replies to ${batch.length} saves`);
      batch.forEach((p, i) => {
        const r = replies[i]!;
        p.reply.code(r.status).type('application/json; charset=utf-8').header(REQUEST_ID_HEADER, p.request.id).send(r.body);
        p.done();
      });
    } catch (error) {
      if (isUnreachable(error)) pool.markDown(base);
      else if (!(error instanceof GatewayError)) batch[0]?.request.log.error({ err: error }, 'coalesced answer saves failed');
      for (const p of batch) {
        replyUpstreamFailure(p.reply, error);
        p.done();
      }
    }
  }

  close(): Promise<void> {
    return this.agent.destroy();
  }
}
