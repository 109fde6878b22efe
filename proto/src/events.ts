import { z } from 'zod';
import { ROLE_IDS } from './roles';

/**
 * Domain events: facts, named `domain.entity.verb`. Subjects are frozen strings; a breaking change to a payload
 * adds a new version beside the old one (consumers accept every version they list). Payloads carry ids, never
 * entities, and only JSON-safe values. Every publish and every consume validates against these schemas.
 */
const uuid = z.uuid();
const instant = z.iso.datetime({ offset: true });
const nonNegInt = z.number().int().nonnegative();
const localized = z.object({ kk: z.string().min(1), ru: z.string().min(1), en: z.string().min(1) });

export const EVENT_SCHEMAS = {
  'user.registered': {
    1: z.object({
      userId: uuid,
      roleId: z.number().int().refine((v) => (ROLE_IDS as number[]).includes(v), 'unknown role id'),
      phone: z.string().regex(/^\+7\d{10}$/),
      firstName: z.string().min(1),
      lastName: z.string(),
      grade: z.number().int().min(0).max(12).nullable(),
      provinceId: z.number().int().positive().nullable(),
      districtId: z.number().int().positive().nullable(),
      schoolId: z.number().int().positive().nullable(),
      registeredAt: instant,
    }),
  },
  'auth.session.revoked': {
    1: z.object({
      sessionId: uuid,
      userId: uuid,
      deviceId: z.string().min(1),
      reason: z.enum(['new_device', 'replaced', 'logout', 'staff_reset', 'refresh_reuse']),
      revokedAt: instant,
    }),
  },
  'sms.requested': {
    1: z.object({
      smsId: uuid,
      to: z.string().regex(/^\+\d{11,15}$/),
      text: z.string().min(1).max(480),
      purpose: z.enum(['otp', 'notice']),
      /** The one-time code, for the development inbox only; production adapters never log it. */
      code: z.string().regex(/^\d{4,8}$/).optional(),
      requestedAt: instant,
    }),
  },
  'quiz.finished': {
    1: z.object({
      attemptId: uuid,
      userId: uuid,
      quizId: uuid,
      context: z.discriminatedUnion('kind', [
        z.object({ kind: z.literal('challenge'), challengeId: uuid, checkpointId: uuid }),
        z.object({ kind: z.literal('training'), trainingId: uuid }),
        z.object({ kind: z.literal('standalone') }),
      ]),
      points: nonNegInt,
      maxPoints: nonNegInt,
      correctCount: nonNegInt,
      questionCount: nonNegInt,
      timeSpentMs: nonNegInt,
      finishedBy: z.enum(['user', 'timeout']),
      finishedAt: instant,
      /**
       * The pupil's standing on the board (challenge or training) after this attempt, as learning ranks it: the sum
       * over the board's quizzes of each quiz's best finished attempt. `version` grows with every change of this
       * pupil's standing on this board, so a consumer keeps the highest version and ignores older or repeated events.
       * Null for a standalone quiz.
       */
      standing: z
        .object({
          points: nonNegInt,
          timeSpentMs: nonNegInt,
          correctCount: nonNegInt,
          finishedQuizzes: nonNegInt,
          version: z.number().int().positive(),
        })
        .nullable(),
    }),
  },
  'treasure.claimed': {
    1: z.object({
      claimId: uuid,
      userId: uuid,
      treasureId: uuid,
      context: z.discriminatedUnion('kind', [
        z.object({ kind: z.literal('challenge'), challengeId: uuid }),
        z.object({ kind: z.literal('training'), trainingId: uuid }),
      ]),
      /** What the treasure gives; finance credits it (idempotency key `treasure.claimed:<claimId>`). */
      reward: z.object({ xp: nonNegInt, zp: nonNegInt, altynSaqa: nonNegInt }),
      claimedAt: instant,
    }),
  },
  'achievement.earned': {
    1: z.object({
      achievementId: uuid,
      userId: uuid,
      challengeId: uuid.nullable(),
      code: z.string().min(1).max(64),
      title: localized,
      earnedAt: instant,
    }),
  },
  'invoice.paid': {
    1: z.object({
      invoiceId: uuid,
      userId: uuid,
      product: z.object({ kind: z.enum(['challenge', 'training', 'course']), id: uuid }),
      amountTenge: nonNegInt,
      amountZp: nonNegInt,
      method: z.enum(['wallet', 'provider']),
      paidAt: instant,
    }),
    /** v2: an invoice may also be for a shop order (`product.kind` 'order', the order's id). */
    2: z.object({
      invoiceId: uuid,
      userId: uuid,
      product: z.object({ kind: z.enum(['challenge', 'training', 'course', 'order']), id: uuid }),
      amountTenge: nonNegInt,
      amountZp: nonNegInt,
      method: z.enum(['wallet', 'provider']),
      paidAt: instant,
    }),
  },
  /**
   * A paid invoice was refunded (finance, in the refund's transaction; once per invoice: a second refund is refused).
   * What the invoice bought ends at `refundedAt` (finance's kit Clock): a course period's access (learning).
   */
  'invoice.refunded': {
    1: z.object({
      invoiceId: uuid,
      userId: uuid,
      product: z.object({ kind: z.enum(['challenge', 'training', 'course', 'order']), id: uuid }),
      refundedTenge: nonNegInt,
      refundedZp: nonNegInt,
      refundedAltynSaqa: nonNegInt,
      refundedAt: instant,
    }),
  },
  /** A pending invoice was cancelled (by its owner, by staff, or as unpaid): whatever it held may be released. */
  'invoice.cancelled': {
    1: z.object({
      invoiceId: uuid,
      userId: uuid,
      product: z.object({ kind: z.enum(['challenge', 'training', 'course', 'order']), id: uuid }),
      reason: z.enum(['owner', 'staff', 'unpaid']),
      cancelledAt: instant,
    }),
  },
  'order.status.changed': {
    1: z.object({
      orderId: uuid,
      userId: uuid,
      from: z.string().min(1).nullable(),
      to: z.string().min(1),
      changedAt: instant,
    }),
    /**
     * v2: `pickupCode` (the 6 digits the desk asks for) when the order became `ready_for_pickup`, so the owner's SMS can
     * carry it; null otherwise. `kind` tells a claimed prize from a purchase.
     */
    2: z.object({
      orderId: uuid,
      userId: uuid,
      from: z.string().min(1).nullable(),
      to: z.string().min(1),
      kind: z.enum(['purchase', 'prize']),
      pickupCode: z.string().regex(/^\d{6}$/).nullable(),
      changedAt: instant,
    }),
  },
  'leaderboard.changed': {
    1: z.object({
      board: z.object({ kind: z.enum(['challenge', 'training']), id: uuid }),
      /** Monotonic per board, so a node can drop stale updates. */
      version: nonNegInt,
      participants: nonNegInt,
      changedAt: instant,
    }),
  },
  /**
   * Who may see a challenge, a training, an event, a course group or a flex course (`course`: its enrolled pupils; a
   * paid period joins, an access that ends leaves) changed: a pupil joined or left it (or a teacher was put on or
   * taken off a course group). Notifications keeps chat-group membership from it, so it never asks
   * learning per message. `name` is already the public form ("Aigerim S.": pupils are minors), never a phone.
   * `at` orders the facts of one (group, user): a consumer keeps the newest and ignores older or repeated ones.
   */
  'learning.membership.changed': {
    1: z.object({
      group: z.object({ kind: z.enum(['challenge', 'training', 'event', 'course_group', 'course']), id: uuid }),
      userId: uuid,
      name: z.string().min(1).max(120),
      role: z.enum(['pupil', 'teacher']),
      /** The group's title in kk/ru/en (the challenge's, the training's, ...), for naming its chat. */
      title: localized,
      active: z.boolean(),
      at: instant,
    }),
  },
  /**
   * Who may see an event for every pupil or one grade changed (learning, in the transaction that publishes or
   * unpublishes it). Such an audience has no per-pupil facts: notifications keeps the event's chat group **open**
   * (`open`: to every pupil when `grade` is null, else to the pupils of that grade) and lets a pupil in at read or
   * post time by the grade in their profile, making their member row then. `open: false` closes it again (the
   * open-made members leave). `at` orders the facts of one event: a consumer keeps the newest only.
   */
  'event.audience.changed': {
    1: z.object({
      group: z.object({ kind: z.enum(['event']), id: uuid }),
      title: localized,
      open: z.boolean(),
      grade: z.number().int().min(0).max(12).nullable(),
      at: instant,
    }),
  },
  /**
   * An event (webinar, olympiad stage, meeting) starts in an hour: remind these pupils of its audience. Written by
   * learning's reminder sweeper in the transaction that sets the event's `remindedAt`, so one reminder per event;
   * an audience larger than 1,000 pupils is split over several messages. Notifications keeps one notice per
   * (event, pupil) (`event.reminder:<eventId>:<userId>`), so a repeated message changes nothing.
   */
  'learning.event.reminded': {
    1: z.object({
      eventId: uuid,
      userIds: z.array(uuid).min(1).max(1000),
      title: localized,
      startsAt: instant,
      onlineUrl: z.string().nullable(),
      remindedAt: instant,
    }),
  },
  /**
   * A pupil's paid period of a course began or was extended (learning, on `invoice.paid` of a course tariff's
   * invoice). `periodId` is the invoice's product id; `groupId` the group they study in (null: a flex, self-study or
   * offline course, or no group had a seat left). Published once per paid period.
   */
  'course.enrolled': {
    1: z.object({
      enrolmentId: uuid,
      periodId: uuid,
      userId: uuid,
      courseId: uuid,
      tariffId: uuid,
      groupId: uuid.nullable(),
      invoiceId: uuid,
      renewal: z.boolean(),
      startsAt: instant,
      accessUntil: instant,
    }),
    /** v2: the course's title in kk/ru/en (the pupil's "you are enrolled" notice names it without asking learning). */
    2: z.object({
      enrolmentId: uuid,
      periodId: uuid,
      userId: uuid,
      courseId: uuid,
      course: localized,
      tariffId: uuid,
      groupId: uuid.nullable(),
      invoiceId: uuid,
      renewal: z.boolean(),
      startsAt: instant,
      accessUntil: instant,
    }),
  },
  /**
   * A live lesson starts within the hour (learning's reminder worker, once per lesson: `lesson_reminders` holds the
   * lesson's row, so a restart or a second worker never writes it again). Notifications sends each pupil a notice
   * and an SMS. `pupils` are the group's pupils at that moment.
   */
  'lesson.reminder.due': {
    1: z.object({
      lessonId: uuid,
      groupId: uuid,
      pupils: z.array(uuid).max(1000),
      title: localized,
      course: localized,
      startsAt: instant,
      /** `yyyy-LL-dd HH:mm` in Asia/Almaty, for the texts. */
      startsAtAlmaty: z.string().regex(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/),
      remindedAt: instant,
    }),
  },
  /**
   * A teacher (or staff) posted news to a course group (learning's course-pages, in the post's transaction).
   * Notifications gives each of the group's pupils a notice. `pupils` are the group's pupils at that moment; `text`
   * is the post's start in each language as written ('' where it was not written).
   */
  'course.news.posted': {
    1: z.object({
      postId: uuid,
      groupId: uuid,
      courseId: uuid,
      pupils: z.array(uuid).max(1000),
      course: localized,
      text: z.object({ kk: z.string().max(200), ru: z.string().max(200), en: z.string().max(200) }),
      postedAt: instant,
    }),
  },
  /**
   * Staff deleted a consultation slot a pupil had booked (learning's course-pages, in the delete's transaction); the
   * booking pupil gets a notice. Only for a slot not yet started; a free slot's deletion tells nobody.
   */
  'consultation.slot.cancelled': {
    1: z.object({
      slotId: uuid,
      groupId: uuid,
      courseId: uuid,
      pupilId: uuid,
      course: localized,
      startsAt: instant,
      cancelledAt: instant,
    }),
  },
  /**
   * A teacher of the group (or staff) graded a pupil's homework (learning's courses/, in the grade's transaction); the
   * pupil gets a notice. A later grade of the same hand-in is a new fact (`gradedAt` differs).
   */
  'homework.graded': {
    1: z.object({
      submissionId: uuid,
      homeworkId: uuid,
      groupId: uuid,
      courseId: uuid,
      pupilId: uuid,
      course: localized,
      title: z.string().max(300),
      points: z.number().int().nonnegative(),
      maxPoints: z.number().int().positive(),
      gradedAt: instant,
    }),
  },
  /** The kit's own end-to-end probe: proves the outbox -> JetStream -> inbox path between two services. */
  'system.probe.sent': {
    1: z.object({
      probeId: uuid,
      origin: z.string().min(1),
      note: z.string().max(200),
      sentAt: instant,
    }),
  },
} as const;

export type EventSubject = keyof typeof EVENT_SCHEMAS;
export const EVENT_SUBJECTS = Object.keys(EVENT_SCHEMAS) as EventSubject[];

type Versions<S extends EventSubject> = (typeof EVENT_SCHEMAS)[S];
type LatestVersionOf<S extends EventSubject> = keyof Versions<S> extends infer V ? Extract<V, number> : never;

/** The version new events of a subject are written in. */
export const EVENT_VERSION: { [S in EventSubject]: number } = Object.fromEntries(
  EVENT_SUBJECTS.map((s) => [s, Math.max(...Object.keys(EVENT_SCHEMAS[s]).map(Number))]),
) as { [S in EventSubject]: number };

/** The payload type of the current version of a subject. */
export type EventPayload<S extends EventSubject> = z.infer<Versions<S>[LatestVersionOf<S>] & z.ZodType>;

export function isEventSubject(value: unknown): value is EventSubject {
  return typeof value === 'string' && Object.prototype.hasOwnProperty.call(EVENT_SCHEMAS, value);
}

export class EventContractError extends Error {
  constructor(
    readonly subject: string,
    readonly version: number,
    readonly issues: string[],
  ) {
    super(`event ${subject} v${version} does not match its contract: ${issues.join('; ')}`);
    this.name = 'EventContractError';
  }
}

/** Validates a payload against the schema of (subject, version). Throws EventContractError on mismatch. */
export function parseEvent<S extends EventSubject>(subject: S, payload: unknown, version = EVENT_VERSION[subject]) {
  const schema = (EVENT_SCHEMAS[subject] as Record<number, z.ZodType | undefined>)[version];
  if (!schema) throw new EventContractError(subject, version, [`unknown version ${version}`]);
  const result = schema.safeParse(payload);
  if (!result.success) {
    throw new EventContractError(
      subject,
      version,
      result.error.issues.map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`),
    );
  }
  return result.data as EventPayload<S>;
}
