import type { Server as HttpServer } from 'node:http';
import { Inject, Injectable, type BeforeApplicationShutdown, type OnApplicationBootstrap } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import { Server, type Socket } from 'socket.io';
import { createAdapter } from '@socket.io/postgres-adapter';
import { Pool } from 'pg';
import { type ErrorCode, type Locale, errorMessage, resolveLocale } from '@olymp/proto';
import {
  type Broadcast, BroadcastConsumers, type Counter, KIT_CONFIG, KIT_LOGGER, type KitConfig, Metrics, SessionRevocations, TokenVerifier,
} from '@olymp/server-kit';
import type { Logger } from 'pino';
import { NOTIFICATIONS_CONFIG } from '../tokens';
import type { NotificationsConfig } from '../config';
import { type Ack, type ClientToServerEvents, type ServerToClientEvents, handshakeAuth } from './socket-contract';
import { type LimitedSocketState, SubscribeLimiter, clientAddress, compileTrust } from './subscribe-limits';

/** Who a socket belongs to; `user` is absent for an anonymous viewer (a display screen). */
export interface SocketData {
  user?: { id: string; roleId: number; sessionId: string; expiresAt: number };
  locale: Locale;
  /** Boards this socket watches, by key (`kind:id`), with the audience it joined. */
  boards: Map<string, 'public' | 'member'>;
  /** Last standing pushed to this socket per board, to push only changes. */
  lastMe: Map<string, string>;
  /** The client's address (see clientAddress) and its subscribe buckets. */
  limits: LimitedSocketState;
  expiry?: NodeJS.Timeout;
  /** Chat groups this socket's user is in (by group id): the public name, and when it last sent `chat:typing`. */
  chat?: Map<string, { name: string | null; key: string; typedAt: number }>;
}

export type LiveServer = Server<ClientToServerEvents, ServerToClientEvents, Record<string, never>, SocketData>;
export type LiveSocket = Socket<ClientToServerEvents, ServerToClientEvents, Record<string, never>, SocketData>;

export const userRoom = (userId: string, locale: Locale) => `user:${userId}:${locale}`;
const sessionRoom = (sessionId: string) => `session:${sessionId}`;

/**
 * The socket.io server of this node, attached to the service's own HTTP server (so it listens where HTTP does,
 * never on all interfaces) at `/socket.io`. Sockets authenticate with the API's access token (optional); each
 * signed-in socket joins its user's room (per locale, for notices) and its session's room. Several nodes share
 * broadcasts through `@socket.io/postgres-adapter` (LISTEN/NOTIFY on the platform's PostgreSQL).
 *
 * `auth.session.revoked` closes that session's sockets at once: every node reads the subject as a kit broadcast
 * (its own ordered consumer, like SessionRevocations), so each closes its own sockets without the adapter.
 */
@Injectable()
export class RealtimeServer implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private server?: LiveServer;
  private pool?: Pool;
  private revocations?: Broadcast;
  private readonly verifier: TokenVerifier;
  private readonly limiter: SubscribeLimiter;
  private readonly trust: (addr: string, i: number) => boolean;
  private readonly connectionListeners: ((socket: LiveSocket) => void)[] = [];
  private readonly pushes: Counter<'event'>;
  private readonly connections: Counter;

  constructor(
    private readonly httpHost: HttpAdapterHost,
    private readonly broadcasts: BroadcastConsumers,
    private readonly sessions: SessionRevocations,
    @Inject(KIT_CONFIG) private readonly config: KitConfig,
    @Inject(NOTIFICATIONS_CONFIG) private readonly settings: NotificationsConfig,
    @Inject(KIT_LOGGER) private readonly logger: Logger,
    metrics: Metrics,
  ) {
    this.pushes = metrics.counter('socketio_pushes_total', 'Pushes to sockets by event (one per room broadcast or socket emit)', ['event']);
    this.connections = metrics.counter('socketio_connections_total', 'Socket.IO connections accepted by this node');
    metrics.gauge('socketio_connected', 'Socket.IO connections open on this node', [], (g) => g.set(this.server?.of('/').sockets.size ?? 0));
    this.verifier = new TokenVerifier(config.AUTH_PUBLIC_KEY);
    this.trust = compileTrust(settings.SOCKET_TRUSTED_PROXIES);
    this.limiter = new SubscribeLimiter({
      socketBurst: settings.SOCKET_SUBSCRIBE_BURST,
      socketPerSecond: settings.SOCKET_SUBSCRIBE_PER_SECOND,
      addressBurst: settings.ADDRESS_SUBSCRIBE_BURST,
      addressPerSecond: settings.ADDRESS_SUBSCRIBE_PER_SECOND,
      strikes: settings.SOCKET_SUBSCRIBE_STRIKES,
      strikesPerSecond: 1,
    });
  }

  /**
   * Counts a `board:subscribe` attempt of a socket (made at connect or later, valid or not; `costly` when it would
   * ask learning). Under the limits: null, go on. Over: the refusal to answer with; a socket that keeps trying
   * while refused is disconnected.
   */
  admitSubscribe(socket: LiveSocket, costly: boolean): Extract<Ack, { ok: false }> | null {
    const verdict = this.limiter.attempt(socket.data.limits, { costly });
    if (verdict.ok) return null;
    if (verdict.disconnect) {
      this.logger.warn({ address: socket.data.limits.address, user: socket.data.user?.id }, 'socket disconnected for flooding board:subscribe');
      // After the refusal's ack has been written.
      setImmediate(() => socket.disconnect(true));
    }
    const code: ErrorCode = 'SOCKET_SUBSCRIBE_RATE_LIMITED';
    return { ok: false, code, message: errorMessage(code, socket.data.locale, { seconds: Math.ceil(verdict.retryAfterMs / 1000) }) };
  }

  /** The server, created on first use and attached to the HTTP server Nest already made (not listening yet). */
  get io(): LiveServer {
    if (!this.server) this.server = this.create();
    return this.server;
  }

  /** Counts a push (`board`, `board:me`, `notice`) for the metrics. */
  pushed(event: keyof ServerToClientEvents, count = 1): void {
    this.pushes.inc({ event }, count);
  }

  /** Features add their socket event handlers here; they run for every accepted connection. */
  onConnection(listener: (socket: LiveSocket) => void): void {
    this.connectionListeners.push(listener);
  }

  private create(): LiveServer {
    const http = this.httpHost.httpAdapter.getHttpServer() as HttpServer;
    const io: LiveServer = new Server(http, { path: '/socket.io', serveClient: false, connectionStateRecovery: undefined });
    if (this.settings.SOCKET_ADAPTER === 'postgres') {
      this.pool = new Pool({
        connectionString: this.config.DATABASE_URL,
        max: 3,
        application_name: `${this.config.SERVICE}:socket.io`,
        // The attachments table (payloads over NOTIFY's 8000 bytes) is in the service's schema.
        options: `-c search_path=${this.config.DB_SCHEMA}`,
      });
      this.pool.on('error', (err) => this.logger.warn({ err }, 'socket.io adapter connection error'));
      io.adapter(
        createAdapter(this.pool, {
          // One channel per service schema: deployments (and test files) sharing a database never cross-talk.
          channelPrefix: `socket.io:${this.config.DB_SCHEMA}`,
          tableName: 'socket_io_attachments',
          heartbeatInterval: 5000,
          heartbeatTimeout: 12_000,
          errorHandler: (err: Error) => this.logger.warn({ err }, 'socket.io adapter error'),
        }),
      );
    }
    io.use((socket, next) => {
      this.authenticate(socket).then(
        () => next(),
        (err: Error) => next(err),
      );
    });
    io.on('connection', (socket) => {
      this.connections.inc();
      const user = socket.data.user;
      if (user) {
        void socket.join([userRoom(user.id, socket.data.locale), sessionRoom(user.sessionId)]);
        // An access token lives 15 minutes; its socket does not outlive it (the client reconnects with a new one).
        socket.data.expiry = setTimeout(() => socket.disconnect(true), Math.max(0, user.expiresAt - Date.now()));
        socket.on('disconnect', () => clearTimeout(socket.data.expiry));
      }
      for (const listener of this.connectionListeners) listener(socket);
    });
    return io;
  }

  private async authenticate(socket: LiveSocket): Promise<void> {
    const raw: unknown = socket.handshake.auth ?? {};
    const auth = handshakeAuth.safeParse(raw);
    const rawLocale = raw && typeof raw === 'object' && typeof (raw as { locale?: unknown }).locale === 'string' ? (raw as { locale: string }).locale : undefined;
    socket.data.locale = resolveLocale((auth.success ? auth.data.locale : rawLocale) ?? socket.handshake.headers['x-locale']);
    socket.data.boards = new Map();
    socket.data.lastMe = new Map();
    socket.data.limits = this.limiter.forSocket(clientAddress(socket.handshake.address, socket.handshake.headers['x-forwarded-for'], this.trust));
    // Refused whole, never partly accepted: reading the valid fields only would connect a socket whose token is
    // valid as an anonymous viewer (a member would silently see the public board) and drop the boards it asked for.
    if (!auth.success) throw this.refusal('SOCKET_HANDSHAKE_INVALID', socket.data.locale);
    const header = socket.handshake.headers.authorization;
    const bearer = typeof header === 'string' ? /^Bearer\s+(\S+)$/i.exec(header)?.[1] : undefined;
    const token = auth.data.token ?? bearer;
    if (!token) return;
    const claims = await this.verifier.verify(token);
    // A bad or revoked token is refused rather than silently treated as anonymous: the client must know.
    if (!claims || this.sessions.isRevoked(claims.sid)) throw this.refusal('UNAUTHENTICATED', socket.data.locale);
    socket.data.user = { id: claims.sub, roleId: claims.roleId, sessionId: claims.sid, expiresAt: claims.exp * 1000 };
  }

  /** A refused handshake: the client's `connect_error` has the code as its message and `data: { code, message }`. */
  private refusal(code: ErrorCode, locale: Locale): Error {
    return Object.assign(new Error(code), { data: { code, message: errorMessage(code, locale) } });
  }

  async onApplicationBootstrap(): Promise<void> {
    void this.io;
    // A little back, so a revocation published while this node was starting is not missed.
    this.revocations = await this.broadcasts.consume('auth.session.revoked', { from: { sinceMs: 60_000 } }, (e) => {
      this.io.local.in(sessionRoom(e.sessionId)).disconnectSockets(true);
    });
  }

  async beforeApplicationShutdown(): Promise<void> {
    await this.revocations?.stop();
    const io = this.server;
    if (!io) return;
    // Not io.close(): that would also close the HTTP server, which belongs to Fastify and closes after this.
    io.local.disconnectSockets(true);
    // Bounded: a shutdown must end even when the adapter's database connection is stuck (5 s, then it is left).
    const atMost5s = (work: Promise<unknown>) =>
      Promise.race([work.catch(() => undefined), new Promise<void>((resolve) => setTimeout(resolve, 5_000).unref())]);
    await atMost5s(Promise.resolve(io.of('/').adapter.close()));
    io.engine.close();
    // Bounded too: pool.end() waits for every client to be released, and an adapter left above still holds its
    // LISTEN client (seen: a test stack's close waiting past 60 s).
    await atMost5s(this.pool?.end() ?? Promise.resolve());
  }
}
