import { z } from 'zod';
import proxyaddr from '@fastify/proxy-addr';
import { ConfigError, type KitConfig } from '@olymp/server-kit';

/**
 * The notifications service's own settings, read from the same environment as the kit's and validated once at
 * boot (the kit's schema ignores variables it does not know, so these live here). A bad value stops the start
 * with every problem listed, like the kit's own config.
 */
const optionalText = z.preprocess((v) => (v === '' ? undefined : v), z.string().min(1).optional());

const schema = z.object({
  /** Rows of a board pushed to viewers (and shown by the public board). At most 500: one people lookup. */
  LEADERBOARD_TOP_N: z.coerce.number().int().min(1).max(500).default(50),
  /** Shortest time between two pushes of one board: changes in between are coalesced into one push. */
  LEADERBOARD_PUSH_MS: z.coerce.number().int().min(50).max(10_000).default(250),
  /** Shortest time between two "your rank" pushes to one viewer (each costs a rank lookup per viewer). */
  LEADERBOARD_ME_PUSH_MS: z.coerce.number().int().min(100).max(60_000).default(1000),
  /** How far back a starting node replays `quiz.finished` (boards learning rebuilds are complete regardless). */
  LEADERBOARD_REPLAY_MINUTES: z.coerce.number().int().min(0).max(14 * 24 * 60).default(15),
  /** How long names and places of a board's rows are cached. */
  LEADERBOARD_PEOPLE_TTL_MS: z.coerce.number().int().min(1000).default(10 * 60_000),
  /** Broadcasts between nodes: `postgres` (LISTEN/NOTIFY on the platform's database) or `none` (one node). */
  SOCKET_ADAPTER: z.enum(['postgres', 'none']).default('postgres'),
  /** `board:subscribe` attempts per socket: a burst of this many, then SOCKET_SUBSCRIBE_PER_SECOND. */
  SOCKET_SUBSCRIBE_BURST: z.coerce.number().int().min(1).max(10_000).default(20),
  SOCKET_SUBSCRIBE_PER_SECOND: z.coerce.number().min(0.01).max(10_000).default(2),
  /** `board:subscribe` attempts per client address across its sockets on one node (a school shares one address). */
  ADDRESS_SUBSCRIBE_BURST: z.coerce.number().int().min(1).max(1_000_000).default(300),
  ADDRESS_SUBSCRIBE_PER_SECOND: z.coerce.number().min(0.01).max(100_000).default(30),
  /** Refused attempts a socket may make (refilled one a second) before it is disconnected for flooding. */
  SOCKET_SUBSCRIBE_STRIKES: z.coerce.number().int().min(1).max(10_000).default(20),
  /**
   * Peers whose `X-Forwarded-For` is believed (the gateway): comma-separated addresses, CIDR ranges or
   * `loopback`, `linklocal`, `uniquelocal`. Anyone else is counted by the address it connects from.
   */
  SOCKET_TRUSTED_PROXIES: z
    .string()
    .default('loopback')
    .transform((v) => v.split(',').map((x) => x.trim()).filter(Boolean)),
  /** How long "learning does not know this board" is remembered (subscribe and GET answer 404 without asking). */
  BOARD_UNKNOWN_TTL_MS: z.coerce.number().int().min(0).max(600_000).default(30_000),
  /** Outgoing SMS: `dev-inbox` (kept at GET /api/dev/sms; not in production) or `http` (a provider's HTTP API). */
  SMS_PROVIDER: z.enum(['dev-inbox', 'http']).optional(),
  /** The provider's send endpoint: POST JSON `{ id, to, text, sender }`. */
  SMS_HTTP_URL: optionalText.pipe(z.url().optional()),
  /** Secret: sent as `Authorization: Bearer <token>`; never logged. */
  SMS_HTTP_TOKEN: optionalText,
  /** The alphanumeric sender name registered with the provider. */
  SMS_SENDER: optionalText.pipe(z.string().max(11).optional()),
  SMS_HTTP_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(5000),
  /** Deliveries of one SMS before it is given up and reported `failed` (redeliveries back off up to 60 s). */
  SMS_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(50).default(6),
});

export type NotificationsConfig = Omit<z.infer<typeof schema>, 'SMS_PROVIDER'> & { SMS_PROVIDER: 'dev-inbox' | 'http' };

export function loadNotificationsConfig(env: Record<string, string | undefined>, kit: KitConfig): NotificationsConfig {
  const parsed = schema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`invalid configuration for notifications:\n  ${lines.join('\n  ')}`);
  }
  const c = { ...parsed.data, SMS_PROVIDER: parsed.data.SMS_PROVIDER ?? (kit.DEV_SMS_INBOX ? 'dev-inbox' : 'http') } as const;
  const problems: string[] = [];
  if (c.SMS_PROVIDER === 'http' && !c.SMS_HTTP_URL) problems.push('SMS_PROVIDER=http needs SMS_HTTP_URL');
  if (c.SMS_PROVIDER === 'dev-inbox' && !kit.DEV_SMS_INBOX) problems.push('SMS_PROVIDER=dev-inbox needs the development inbox (DEV_SMS_INBOX, never in production)');
  try {
    proxyaddr.compile(c.SOCKET_TRUSTED_PROXIES);
  } catch (err) {
    problems.push(`SOCKET_TRUSTED_PROXIES: ${err instanceof Error ? err.message : String(err)}`);
  }
  if (problems.length) throw new ConfigError(`invalid configuration for notifications: ${problems.join('; ')}`);
  return c;
}
