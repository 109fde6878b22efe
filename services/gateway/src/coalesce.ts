import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Agent } from 'undici';
import {
  ANSWER_SAVES_MAX_AUTHORIZATION, ANSWER_SAVES_MAX_ITEMS, ANSWER_SAVES_MAX_LOCALE, ANSWER_SAVES_PATH, type AnswerSavesBody, answerSavesReply,
  BOARD_READ_PATH, BOARD_READS_MAX_ITEMS, BOARD_READS_MAX_PATH, BOARD_READS_PATH, type BoardReadsBody, boardReadsReply,
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

interface Pending<Item> {
  request: FastifyRequest;
  reply: FastifyReply;
  item: Item;
  /** Bytes the item adds to the coalesced request (its batch stays under MAX_BATCH_BYTES). */
  size: number;
  /** The body as it came, for a learning that does not know the coalesced route (sent on its own by the light path). */
  body: Buffer | undefined;
  done: () => void;
}

/** One client's answer, as the coalesced reply gives it. */
interface ItemReply {
  status: number;
  body: string | Buffer;
}

/** Where a kind of coalesced request goes, how many items it carries and the histogram of its sizes. */
interface CoalescedRoute {
  path: string;
  maxItems: number;
  /** A turn with fewer requests than this sends each on its own: coalescing costs more than it saves below it. */
  minItems: number;
  metric: { name: string; help: string };
}

/** Whether a request's Authorization and X-Locale fit a coalesced item (longer ones would fail a whole batch there). */
function headersFit(request: FastifyRequest): boolean {
  const { authorization, [LOCALE_HEADER]: locale } = request.headers;
  return (authorization?.length ?? 0) <= ANSWER_SAVES_MAX_AUTHORIZATION && (locale?.length ?? 0) <= ANSWER_SAVES_MAX_LOCALE;
}

/** The caller's Authorization and X-Locale as a coalesced item carries them (absent when absent). */
function callerOf(request: FastifyRequest): { authorization?: string; locale?: string } {
  const { authorization, [LOCALE_HEADER]: locale } = request.headers;
  return { ...(typeof authorization === 'string' ? { authorization } : {}), ...(typeof locale === 'string' ? { locale } : {}) };
}

/**
 * Requests of one kind through the gateway, coalesced (docs/performance.md, docs/learning.md "Coalesced saves" and
 * "Coalesced leaderboard reads"): the requests a subclass takes that arrive in one turn of the event loop go to
 * learning in one request, which answers each as its route would. A request then costs no upstream hop and no Nest
 * pipeline of its own. The rest of the gateway's rules apply per client request before it is queued: rate limits,
 * shedding, body limits, request ids; each client gets its own status and body, with its own request id.
 *
 * Only requests learning would read the same way are taken (each subclass's `takes`); the rest keep the ordinary
 * path and its answers: one client's odd request never fails a batch. A learning that answers the coalesced route
 * 404 (older than its gateway, in a rolling deployment) gets each request on its own.
 */
abstract class Coalescer<Item> {
  private readonly agent: Agent;
  private queue: Pending<Item>[] = [];
  private scheduled = false;
  private readonly sizes: Histogram | undefined;

  constructor(
    private readonly config: GatewayConfig,
    /** Forwards a request on its own when learning does not know the coalesced route. */
    private readonly light: LightProxy,
    private readonly route: CoalescedRoute,
    metrics?: Metrics,
  ) {
    this.agent = new Agent(undiciOptions(config));
    // How many requests each coalesced request carries: near 1, the hop is paid per request again (a quiet gateway,
    // or too many replicas for the load); operators read it beside the latency.
    this.sizes = metrics?.histogram(route.metric.name, route.metric.help, [], [1, 2, 4, 8, 16, 32, 64, 128, 256]);
  }

  /** Whether this request is one learning would read the same way coalesced. */
  abstract takes(request: FastifyRequest): boolean;
  /** The request's body, read whole (undefined for none); throws when the client left before it was in. */
  protected abstract bodyOf(request: FastifyRequest): Promise<Buffer | undefined>;
  /** The item the coalesced request carries for this request, and its size in it. */
  protected abstract itemOf(request: FastifyRequest, body: Buffer | undefined): { item: Item; size: number };
  /** The coalesced request's JSON body. */
  protected abstract batchBody(items: Item[]): string;
  /** Each item's answer from the coalesced reply's bytes, in order. */
  protected abstract repliesOf(body: Buffer): ItemReply[];

  async forward(request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> {
    let body: Buffer | undefined;
    try {
      body = await this.bodyOf(request);
    } catch (error) {
      // The client went away before its body was in: nobody is left to answer, and nothing went upstream.
      request.log.debug({ err: error }, 'client left before its body was read');
      reply.raw.destroy();
      return reply;
    }
    const { item, size } = this.itemOf(request, body);
    await new Promise<void>((done) => {
      this.queue.push({ request, reply, done, body, item, size });
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
    let batch: Pending<Item>[] = [];
    let bytes = 0;
    for (const p of queue) {
      if (batch.length && (batch.length >= this.route.maxItems || bytes + p.size > MAX_BATCH_BYTES)) {
        void this.send(batch);
        batch = [];
        bytes = 0;
      }
      batch.push(p);
      bytes += p.size;
    }
    if (batch.length) void this.send(batch);
  }

  private async send(batch: Pending<Item>[]): Promise<void> {
    const pool = upstreamPool(this.config, 'learning');
    const base = pool.pick();
    for (const p of batch) p.request.upstreamBase = base;
    if (batch.length < this.route.minItems) {
      await this.alone(batch, base);
      return;
    }
    this.sizes?.observe(batch.length);
    try {
      const answer = await this.agent.request({
        origin: base,
        path: this.route.path,
        method: 'POST',
        headers: { 'content-type': 'application/json', [REQUEST_ID_HEADER]: randomUUID() },
        body: this.batchBody(batch.map((p) => p.item)),
      });
      const body = Buffer.from(await answer.body.arrayBuffer());
      if (answer.statusCode === 404) {
        // A learning older than this gateway (a rolling deployment updates one before the other): each request goes
        // on its own, as before.
        await this.alone(batch, base);
        return;
      }
      if (answer.statusCode !== 200) {
        // The batch itself refused: learning is closing (503), or overloaded; anything else is the gateway's bug.
        const error = answer.statusCode === 503 ? new GatewayError('SERVICE_UNAVAILABLE') : new GatewayError('INTERNAL');
        if (answer.statusCode !== 503) batch[0]?.request.log.error({ status: answer.statusCode, body: body.toString('utf8', 0, 500), path: this.route.path }, 'coalesced request refused');
        throw error;
      }
      const replies = this.repliesOf(body);
      if (replies.length !== batch.length) throw new Error(`${this.route.path}: ${replies.length} replies to ${batch.length} requests`);
      batch.forEach((p, i) => {
        const r = replies[i]!;
        p.reply.code(r.status).type('application/json; charset=utf-8').header(REQUEST_ID_HEADER, p.request.id).send(r.body);
        p.done();
      });
    } catch (error) {
      if (isUnreachable(error)) pool.markDown(base);
      else if (!(error instanceof GatewayError)) batch[0]?.request.log.error({ err: error, path: this.route.path }, 'coalesced request failed');
      for (const p of batch) {
        replyUpstreamFailure(p.reply, error);
        p.done();
      }
    }
  }

  /** Each request on its own, by the light path (`base` picked for the batch). */
  private async alone(batch: Pending<Item>[], base: string): Promise<void> {
    await Promise.all(batch.map((p) => this.light.relay(p.request, p.reply, 'learning', base, p.body).finally(p.done)));
  }

  close(): Promise<void> {
    return this.agent.destroy();
  }
}

/**
 * Answer saves (`POST /api/user-answer`), coalesced into `POST /internal/answer-saves` (proto's answerSavesBody): the
 * saves of a turn also reach learning's SaveBatcher together (one statement).
 *
 * Taken: exactly that path with no query, a JSON content type, a body of a declared length (1 byte to 16 KB) with no
 * Content-Encoding, and Authorization and X-Locale headers no longer than the coalesced request carries. The rest (a
 * form, a chunked or encoded body, a query string, a 10 KB token) keeps the ordinary path and its answers (415, 413,
 * 401...).
 */
export class AnswerSaveCoalescer extends Coalescer<AnswerSavesBody['saves'][number]> {
  constructor(config: GatewayConfig, light: LightProxy, metrics?: Metrics) {
    super(config, light, { path: ANSWER_SAVES_PATH, maxItems: ANSWER_SAVES_MAX_ITEMS, minItems: 1, metric: { name: 'gateway_coalesced_saves', help: 'Answer saves per coalesced request to learning' } }, metrics);
  }

  takes(request: FastifyRequest): boolean {
    if (request.method !== 'POST' || request.url !== COALESCED_PATH) return false;
    const headers = request.headers;
    if (headers['transfer-encoding'] !== undefined || headers.upgrade !== undefined || headers['content-encoding'] !== undefined) return false;
    const type = headers['content-type'];
    if (typeof type !== 'string' || !JSON_TYPES.has(type.trim().toLowerCase())) return false;
    if (!headersFit(request)) return false;
    const n = Number(headers['content-length']);
    return Number.isInteger(n) && n > 0 && n <= COALESCED_MAX_BODY && !Buffer.isBuffer(request.body);
  }

  protected bodyOf(request: FastifyRequest): Promise<Buffer> {
    return readAll(request.body as Readable, Number(request.headers['content-length']));
  }

  protected itemOf(request: FastifyRequest, body: Buffer) {
    const save = { requestId: request.id, body: body.toString('base64'), ...callerOf(request) };
    return { item: save, size: save.body.length + (save.authorization?.length ?? 0) + 200 };
  }

  protected batchBody(saves: AnswerSavesBody['saves']): string {
    return JSON.stringify({ saves } satisfies AnswerSavesBody);
  }

  protected repliesOf(body: Buffer): ItemReply[] {
    return answerSavesReply.parse(JSON.parse(body.toString())).replies;
  }
}

/**
 * Leaderboard reads (`GET /api/challenges/{id}/leaderboard`, `GET /api/trainings/{id}/leaderboard`), coalesced into
 * `POST /internal/board-reads` (proto's boardReadsBody): the page of rows every pupil of a board reads within the
 * page cache's two seconds comes back once per coalesced request (`shared`), not once per pupil, and each client's
 * reply is put together here from its parts.
 *
 * Taken: a GET of exactly such a path (a board id written as a UUID, a query string of plain characters only, the
 * whole up to 512 characters), with no body, and Authorization and X-Locale headers no longer than the coalesced
 * request carries. The rest (a query with brackets or other characters, a trailing slash, a body) keeps the ordinary
 * path and its answers.
 */
export class BoardReadCoalescer extends Coalescer<BoardReadsBody['reads'][number]> {
  constructor(config: GatewayConfig, light: LightProxy, metrics?: Metrics) {
    super(config, light, { path: BOARD_READS_PATH, maxItems: BOARD_READS_MAX_ITEMS, minItems: config.BOARD_READ_MIN_BATCH, metric: { name: 'gateway_coalesced_board_reads', help: 'Leaderboard reads per coalesced request to learning' } }, metrics);
  }

  takes(request: FastifyRequest): boolean {
    if (request.method !== 'GET' || request.url.length > BOARD_READS_MAX_PATH || !BOARD_READ_PATH.test(request.url)) return false;
    const headers = request.headers;
    if (headers['transfer-encoding'] !== undefined || headers.upgrade !== undefined) return false;
    const length = headers['content-length'];
    if (length !== undefined && length !== '0') return false;
    return headersFit(request);
  }

  protected bodyOf(): Promise<undefined> {
    return Promise.resolve(undefined);
  }

  protected itemOf(request: FastifyRequest) {
    const read = { path: request.url, requestId: request.id, ...callerOf(request) };
    return { item: read, size: read.path.length + (read.authorization?.length ?? 0) + 200 };
  }

  protected batchBody(reads: BoardReadsBody['reads']): string {
    return JSON.stringify({ reads } satisfies BoardReadsBody);
  }

  protected repliesOf(body: Buffer): ItemReply[] {
    // proto's framing: a line of JSON, then the shared texts' bytes (taken as they are, without a copy).
    const newline = body.indexOf(10);
    if (newline < 0) throw new Error(`${BOARD_READS_PATH}: a reply without its head line`);
    const { shared, replies } = boardReadsReply.parse(JSON.parse(body.toString('utf8', 0, newline)));
    const texts: Buffer[] = [];
    let at = newline + 1;
    for (const length of shared) {
      texts.push(body.subarray(at, at + length));
      at += length;
    }
    if (at !== body.length) throw new Error(`${BOARD_READS_PATH}: shared texts of ${at - newline - 1} bytes in a body of ${body.length - newline - 1}`);
    return replies.map((r) => ({
      status: r.status,
      body: Buffer.concat(r.parts.map((part) => {
        if (typeof part === 'string') return Buffer.from(part);
        const text = texts[part];
        if (!text) throw new Error(`${BOARD_READS_PATH}: a reply names shared text ${part} of ${texts.length}`);
        return text;
      })),
    }));
  }
}
