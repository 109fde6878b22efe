import { Controller, HttpCode, Inject, Injectable, Post, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import type { Logger } from 'pino';
import type { z } from 'zod';
import { BOARD_READ_PATH, BOARD_READS_REPLY_TYPE, type BoardReadsReply, type Locale, boardReadsBody, resolveLocale } from '@olymp/proto';
import {
  ApiShape, type AuthUser, Authenticator, assertStorableText, DomainError, KIT_LOGGER, Public, SharedJson, UuidPipe, ValidBody, parseInput, parseQueryString,
  runWithContext, serializeReplyParts, toDomainFromUnknown,
} from '@olymp/server-kit';

type Read = z.output<typeof boardReadsBody>['reads'][number];
type Kind = 'challenges' | 'trainings';

/** A leaderboard route's handler as its controller declares it: the board's id, the parsed query, the language, the caller. */
interface BoardRoute {
  query: z.ZodType;
  read: (id: string, query: never, locale: Locale, user: AuthUser | undefined) => Promise<unknown>;
}

/**
 * The two leaderboard routes, as their controllers register them (ChallengesController, TrainingsController): the
 * coalesced reads call the same handlers with the same inputs, so a read answers the same either way.
 */
@Injectable()
export class BoardRoutes {
  private readonly routes = new Map<Kind, BoardRoute>();

  register<Q extends z.ZodType>(kind: Kind, query: Q, read: (id: string, query: z.output<Q>, locale: Locale, user: AuthUser | undefined) => Promise<unknown>): void {
    this.routes.set(kind, { query, read: read as BoardRoute['read'] });
  }

  get(kind: Kind): BoardRoute {
    const route = this.routes.get(kind);
    if (!route) throw new Error(`no leaderboard route registered for ${kind}`);
    return route;
  }
}

const uuid = new UuidPipe();

/**
 * The gateway's coalesced leaderboard reads (docs/learning.md, "Coalesced leaderboard reads"): the
 * `GET /api/challenges/{challenge}/leaderboard` and `GET /api/trainings/{training}/leaderboard` requests of one
 * gateway turn in one request. Each read is judged as on its own route, in the same order: its token as a public
 * route reads one (a stale or forged token reads as nobody), the text rule on its query (400 INVALID_TEXT), its id
 * (400 INVALID_ID), its query string parsed by the services' own parser and the route's schema (400, in the read's
 * language), then the route's handler. Each gets
 * its own status and body; the rows many replies share (a page in one viewer's shape) travel once, as `shared`.
 *
 * Outside /api like the coalesced saves: the gateway never forwards it, and it needs no token of its own (it
 * carries each caller's and grants nothing their own request would not).
 */
@Controller()
export class BoardReadsController {
  constructor(
    private readonly routes: BoardRoutes,
    private readonly authenticator: Authenticator,
    @Inject(KIT_LOGGER) private readonly logger: Logger,
  ) {}

  @Post('internal/board-reads')
  @Public()
  @HttpCode(200)
  @ApiShape({ responseType: BOARD_READS_REPLY_TYPE, summary: "Internal: the gateway's coalesced leaderboard reads, each answered as on its own (proto's boardReadsReply, framed)" })
  async reads(@ValidBody(boardReadsBody) batch: z.output<typeof boardReadsBody>, @Res() reply: FastifyReply): Promise<FastifyReply> {
    const shared = new SharedJson();
    const replies = await Promise.all(batch.reads.map((read) => this.one(read, shared)));
    const head: BoardReadsReply = { shared: shared.texts.map((t) => t.length), replies };
    // proto's framing: the JSON line, a newline, the shared texts' bytes.
    return reply.type(BOARD_READS_REPLY_TYPE).send(Buffer.concat([Buffer.from(`${JSON.stringify(head)}\n`), ...shared.texts]));
  }

  private one(read: Read, shared: SharedJson): Promise<{ status: number; parts: (string | number)[] }> {
    const locale = resolveLocale(read.locale);
    return runWithContext({ requestId: read.requestId, locale }, async () => {
      const [, kind, id, query] = BOARD_READ_PATH.exec(read.path) as unknown as [string, Kind, string, string | undefined];
      try {
        // A public route: a token that is not good reads as nobody, as AuthGuard does for such a route.
        const user = (await this.authenticator.authenticate(read.authorization).catch(() => null)) ?? undefined;
        const route = this.routes.get(kind);
        // The global text guard's rule, then the route's pipes in their order (the id, then the query).
        const raw = parseQueryString(query ?? '');
        assertStorableText(raw, 'query');
        const board = uuid.transform(id);
        const q = parseInput(route.query, raw, locale);
        return { status: 200, parts: serializeReplyParts(await route.read(board, q as never, locale, user), shared) };
      } catch (err) {
        const domain = toDomainFromUnknown(err, { method: 'GET', url: read.path });
        if (!domain || domain.status >= 500) this.logger.error({ err, requestId: read.requestId }, 'coalesced leaderboard read failed');
        const error = domain ?? new DomainError('INTERNAL');
        return { status: error.status, parts: [JSON.stringify(error.toBody(locale, read.requestId))] };
      }
    });
  }
}
