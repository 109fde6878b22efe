/**
 * The route table: which service owns which `/api/...` path. The only place that knows it.
 *
 * A rule's `prefix` is a path under `/api/`, segment by segment; a `{name}` segment matches any one segment. A request
 * belongs to the FIRST rule whose segments are a prefix of its path's segments, so a more specific rule (such as
 * `users/{user}/quizzes`) must come before a broader one (`users`); `findShadowedRules` (run by the unit test)
 * catches a rule that could never match. Services serve the same paths, so the path is forwarded unchanged.
 *
 * Every prefix here has a handler in its service (test/route-owners.spec.ts boots the services and checks it both
 * ways). A feature's prefixes are added together with its handlers (the shop's are here since its step 1): the
 * learning centre's courses, groups, lessons and materials, and so on. A path with no prefix gets the gateway's
 * 404 ROUTE_NOT_FOUND, never a 5xx.
 */
export const UPSTREAM_SERVICES = ['auth', 'learning', 'shop', 'finance', 'notifications'] as const;
export type UpstreamService = (typeof UPSTREAM_SERVICES)[number];

export interface RouteRule {
  readonly prefix: string;
  readonly service: UpstreamService;
}

const rules = (service: UpstreamService, prefixes: string[]): RouteRule[] => prefixes.map((prefix) => ({ prefix, service }));

export const ROUTES: readonly RouteRule[] = [
  // Nested paths under users/{user} that belong to learning; before `users` (auth).
  ...rules('learning', [
    'users/{user}/quizzes',
    'users/{user}/challenges',
    'users/{user}/active-challenges',
    // The pupil's standing, invoice, subscription and free trial in a course (enrolment/).
    'users/{user}/courses',
    'logs/learning',
  ]),
  // Before `logs` (auth): the notifications service's own audit log (chat moderation).
  ...rules('notifications', ['logs/notifications']),
  ...rules('auth', [
    'send-otp',
    'refresh-token',
    'logs',
    'login',
    'verify-otp',
    'register',
    'check-user',
    'profile',
    'user-permissions',
    'users',
    'logout',
    'roles',
    'permissions',
    'provinces',
    'districts',
    'schools',
    'grades',
    'students',
    'teachers',
    'centers',
    'cities',
    'directions',
    'subjects',
    'otp',
    'settings',
    'system/probes',
  ]),
  ...rules('learning', [
    'challenges',
    'challenges-all',
    'checkpoints',
    'treasures',
    'trainings',
    'trainings-all',
    'training-chapters',
    'training-subchapters',
    'training-treasures',
    'quizzes',
    'questions',
    'answers',
    'question-types',
    'quiz-types',
    'user-answer',
    'achievements',
    'certificates',
    'user-challenge-report',
    // Courses (issue 15): courses, their modules, groups and the groups' lessons.
    'courses',
    'modules',
    'groups',
    'lessons',
    // A group's people, timetables, attendance and homework (issue 15, step 2).
    'my-groups',
    'my-teaching-groups',
    'my-timetable',
    'my-attendance',
    'my-homework',
    'homework',
    'homework-submissions',
    // Teaching (issue 15, docs/teaching.md): teachers' work and pay, the class schedule, pupils' calendar feeds.
    'teaching',
    'class-schedule',
    'attendance-report',
    'homework-overview',
    'my-calendar',
    'calendar',
    // An online course's pupil pages (course-pages/, docs/course-pages.md): news feed and consultations live under
    // groups/ and the agreement under courses/ (both above); staff's resources of them.
    'course-news',
    'consultation-slots',
    'course-terms',
    // The course store and enrolment (enrolment/): the public store, tariffs (staff), a pupil's courses.
    'store',
    'tariffs',
    'my-courses',
    // Flex (self-paced) courses (flex/): pupils' course pages, lessons, progress, leaderboard; staff's chapters and lessons.
    'flex-courses',
    'flex-chapters',
    'flex-lessons',
    // Events (issue 16): staff CRUD and publishing; pupils' upcoming list, event page and calendar file.
    'events',
    'my-events',
    // Today's figures for the staff home page.
    'stats/learning',
    // The library (library/): staff resources, and pupils' browse, search, study and reviews.
    'library',
    'chapters',
    'subchapters',
    'cards',
    'collections',
    // Materials, videos (range requests pass through: headers both ways, the body streamed) and the footer's
    // social-media links (learning's media/).
    'materials',
    'videos',
    'social-media',
    // Uploads live in learning for now.
    'upload',
    'upload-image',
  ]),
  ...rules('finance', [
    'invoices',
    'my-invoices',
    'wallet-payment',
    'zp-recharges',
    'recharges',
    'xp-history',
    'zp-history',
    'finance',
    'transactions',
  ]),
  ...rules('shop', [
    'shop',
    'products',
    'categories',
    'specs',
    'sliders',
    'pickup-points',
    'cart',
    'wishlist',
    'orders',
    'my-orders',
    'reviews',
    'addresses',
    'delivery-points',
    'my-prizes',
    'prizes',
    'prize-rules',
    'claimed-products',
  ]),
  ...rules('notifications', ['dev/sms', 'notices', 'leaderboard-live', 'system/probe-receipts', 'chat']),
];

export const API_PREFIX = '/api';

interface CompiledRule {
  readonly rule: RouteRule;
  /** The rule's segments; null stands for a `{name}` segment that matches any one segment. */
  readonly segments: readonly (string | null)[];
  readonly order: number;
}

export interface RouteMatcher {
  /** The owning rule of a request path (`/api/...`, query string allowed), or undefined. */
  match(path: string): RouteRule | undefined;
}

function parsePrefix(prefix: string): (string | null)[] {
  const segments = prefix.split('/');
  if (segments.length === 0 || segments.some((s) => s === '')) {
    throw new Error(`route prefix "${prefix}" must be non-empty segments separated by single slashes`);
  }
  if (segments[0].startsWith('{')) throw new Error(`route prefix "${prefix}" must start with a fixed segment`);
  return segments.map((s) => (/^\{[A-Za-z][A-Za-z0-9]*\}$/.test(s) ? null : s));
}

/** The segments of a path under `/api/`, or undefined when the path is not under `/api/`. */
export function apiSegments(path: string): string[] | undefined {
  const q = path.indexOf('?');
  const pathname = q === -1 ? path : path.slice(0, q);
  if (pathname !== API_PREFIX && !pathname.startsWith(`${API_PREFIX}/`)) return undefined;
  return pathname
    .slice(API_PREFIX.length)
    .split('/')
    .filter((s) => s !== '');
}

/** Builds a matcher over an ordered rule list; rules are indexed by their first segment, keeping their order. */
export function compileRoutes(table: readonly RouteRule[]): RouteMatcher {
  const byFirst = new Map<string, CompiledRule[]>();
  table.forEach((rule, order) => {
    const segments = parsePrefix(rule.prefix);
    const first = segments[0] as string;
    const list = byFirst.get(first) ?? [];
    list.push({ rule, segments, order });
    byFirst.set(first, list);
  });
  return {
    match(path) {
      const segments = apiSegments(path);
      if (!segments || segments.length === 0) return undefined;
      const candidates = byFirst.get(segments[0]);
      if (!candidates) return undefined;
      for (const c of candidates) {
        if (c.segments.length > segments.length) continue;
        if (c.segments.every((s, i) => s === null || s === segments[i])) return c.rule;
      }
      return undefined;
    },
  };
}

/** Rules that an earlier rule always wins over (so they can never match): a mistake in the table's order. */
export function findShadowedRules(table: readonly RouteRule[]): { rule: RouteRule; shadowedBy: RouteRule }[] {
  const parsed = table.map((rule) => ({ rule, segments: parsePrefix(rule.prefix) }));
  const found: { rule: RouteRule; shadowedBy: RouteRule }[] = [];
  parsed.forEach((later, j) => {
    for (const earlier of parsed.slice(0, j)) {
      const covers =
        earlier.segments.length <= later.segments.length &&
        earlier.segments.every((s, i) => s === null || s === later.segments[i]);
      if (covers) {
        found.push({ rule: later.rule, shadowedBy: earlier.rule });
        break;
      }
    }
  });
  return found;
}

export const routeMatcher: RouteMatcher = compileRoutes(ROUTES);
