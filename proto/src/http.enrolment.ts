/**
 * HTTP contracts of the course store and paid enrolment (issue 15, "Store and enrolment"; docs/learning.md
 * "Store and enrolment"): the store's tabs and a course's details (public), a pupil's invoice for a course tariff,
 * their standing in a course, the subscription they manage and the one free trial lesson.
 */
import { z } from 'zod';
import { dataOf, dataWithMessage, isoInstant, localizedText, pageOf } from './http';
import { RPC } from './rpc';

/** The store's tabs: four kinds of course, and the trainings (sold the same way). */
export const STORE_TABS = ['live', 'flex', 'self-study', 'offline', 'training'] as const;
export const storeTab = z.enum(STORE_TABS);
export type StoreTab = z.output<typeof storeTab>;

/** A course's tariff as pupils and staff read it: a price in tenge and/or ZP for a period of whole months. */
export const tariffView = z.object({
  id: z.uuid(),
  title: localizedText,
  /** What the tariff includes, in three languages (lines of text). */
  includes: localizedText,
  priceTenge: z.number().int(),
  priceZp: z.number().int(),
  periodMonths: z.number().int(),
});
export type TariffView = z.output<typeof tariffView>;

/** A card of the store's list: the lowest price of its tariffs (or a training's price). */
export const storeCard = z.object({
  id: z.uuid(),
  kind: storeTab,
  title: localizedText,
  description: localizedText,
  imageUrl: z.string().nullable(),
  priceTenge: z.number().int(),
  priceZp: z.number().int(),
  /** The shortest tariff period in months (null: a training, which has none). */
  periodMonths: z.number().int().nullable(),
  /** Teachers' public names ("Aigerim S."). */
  teachers: z.array(z.string()),
});
export type StoreCard = z.output<typeof storeCard>;
export const storeListReply = z.object({ data: z.array(storeCard), tab: storeTab });
export type StoreListReply = z.output<typeof storeListReply>;

/** `GET store/courses/{course}`: what a pupil reads before buying. */
export const storeCourse = z.object({
  id: z.uuid(),
  kind: z.string(),
  title: localizedText,
  description: localizedText,
  imageUrl: z.string().nullable(),
  teachers: z.array(z.string()),
  modules: z.array(z.object({ id: z.uuid(), title: localizedText, description: localizedText })),
  tariffs: z.array(tariffView),
  /** The coming lessons of its published groups (at most 20), instants in UTC and `yyyy-LL-dd HH:mm` in Almaty. */
  timetable: z.array(z.object({
    title: localizedText,
    groupName: z.string(),
    startsAt: isoInstant,
    startsAtAlmaty: z.string(),
    durationMinutes: z.number().int(),
  })),
  /** Seats left over its published groups (null: no limit; 0: full). */
  seatsLeft: z.number().int().nullable(),
  priceTenge: z.number().int(),
  priceZp: z.number().int(),
});
export type StoreCourse = z.output<typeof storeCourse>;
export const storeCourseReply = dataOf(storeCourse);
export type StoreCourseReply = z.output<typeof storeCourseReply>;

/** `POST users/{user}/courses/{course}/invoice { tariffId }`: finance's invoice for one period of the tariff. */
export const courseInvoiceReply = dataOf(RPC['finance.invoice.open'].reply);
export type CourseInvoiceReply = z.output<typeof courseInvoiceReply>;

/** `pending`: never paid yet; `active`: inside a paid period; `lapsed`: the last period ended unpaid. */
export const enrolmentStatus = z.enum(['pending', 'active', 'lapsed']);
export type EnrolmentStatus = z.output<typeof enrolmentStatus>;

export const subscriptionPeriod = z.object({
  id: z.uuid(),
  kind: z.enum(['first', 'renewal']),
  status: z.enum(['pending', 'paid', 'cancelled']),
  invoiceId: z.uuid().nullable(),
  amountTenge: z.number().int(),
  amountZp: z.number().int(),
  startsAt: isoInstant.nullable(),
  endsAt: isoInstant.nullable(),
  paidAt: isoInstant.nullable(),
  /** When the period's payment was refunded (its access ended then, or never began); null when not refunded. */
  refundedAt: isoInstant.nullable(),
  /**
   * What the pupil is shown: `paid` while the period's access runs or is still to come, `ended` once it is over,
   * `refunded` once its payment came back (never "paid"), `pending` unpaid, `cancelled` never paid.
   */
  state: z.enum(['pending', 'paid', 'ended', 'refunded', 'cancelled']),
});
export type SubscriptionPeriod = z.output<typeof subscriptionPeriod>;

/** A pupil's subscription to a course (`manage-subscription`). */
export const subscription = z.object({
  enrolmentId: z.uuid(),
  status: enrolmentStatus,
  tariff: tariffView,
  /** Access runs until this instant (exclusive); null before the first payment. */
  accessUntil: isoInstant.nullable(),
  /** Whether a renewal invoice is opened before the period ends. */
  renew: z.boolean(),
  /** When the renewal invoice is (or was) opened: RENEWAL_LEAD_DAYS before `accessUntil`. */
  renewalOpensAt: isoInstant.nullable(),
  /** The invoice waiting to be paid (the first, or a renewal), if any. */
  pendingInvoiceId: z.uuid().nullable(),
  periods: z.array(subscriptionPeriod),
});
export type Subscription = z.output<typeof subscription>;
export const subscriptionReply = dataOf(subscription);
export type SubscriptionReply = z.output<typeof subscriptionReply>;
export const subscriptionChangeReply = dataWithMessage(subscription);
export type SubscriptionChangeReply = z.output<typeof subscriptionChangeReply>;

/** The free trial lesson a pupil was given in a course (once per pupil and course). */
export const freeTrialLesson = z.object({
  lessonId: z.uuid(),
  title: localizedText,
  groupName: z.string(),
  startsAt: isoInstant,
  startsAtAlmaty: z.string(),
  durationMinutes: z.number().int(),
  /** The group link, from 15 minutes before the start until the end (null otherwise). */
  meetingUrl: z.string().nullable(),
  grantedAt: isoInstant,
});
export type FreeTrialLesson = z.output<typeof freeTrialLesson>;
export const freeTrialReply = dataOf(freeTrialLesson.nullable());
export type FreeTrialReply = z.output<typeof freeTrialReply>;
export const freeTrialGrantReply = dataWithMessage(freeTrialLesson);
export type FreeTrialGrantReply = z.output<typeof freeTrialGrantReply>;

/** `GET users/{user}/courses/{course}`: the pupil's standing in a course (their own only). */
export const courseStanding = z.object({
  course: z.object({ id: z.uuid(), kind: z.string(), title: localizedText }),
  enrolment: z.object({
    id: z.uuid(),
    status: enrolmentStatus,
    tariff: tariffView,
    group: z.object({ id: z.uuid(), name: z.string() }).nullable(),
    periodStart: isoInstant.nullable(),
    accessUntil: isoInstant.nullable(),
    renew: z.boolean(),
    pendingInvoiceId: z.uuid().nullable(),
  }).nullable(),
  freeTrial: freeTrialLesson.nullable(),
  /** Lessons of the pupil's group so far, those they attended (present or late), homework handed in of those set. */
  progress: z.object({
    lessonsHeld: z.number().int(),
    lessonsTotal: z.number().int(),
    attended: z.number().int(),
    homeworkSet: z.number().int(),
    homeworkDone: z.number().int(),
  }),
});
export type CourseStanding = z.output<typeof courseStanding>;
export const courseStandingReply = dataOf(courseStanding);
export type CourseStandingReply = z.output<typeof courseStandingReply>;

/** `GET my-courses`: the courses a pupil is enrolled in, with their access. */
export const myCoursesReply = dataOf(z.array(z.object({
  course: z.object({ id: z.uuid(), kind: z.string(), title: localizedText, imageUrl: z.string().nullable() }),
  status: enrolmentStatus,
  accessUntil: isoInstant.nullable(),
  group: z.object({ id: z.uuid(), name: z.string() }).nullable(),
})));
export type MyCoursesReply = z.output<typeof myCoursesReply>;

/**
 * `GET courses/{course}/students?page&perPage&search` (staff holding `sidebar:course_index` and `sidebar:group_index`):
 * the course's pupils, one row each, from its groups (a live course's pupils put in a group, by payment or by staff)
 * and its enrolments (any kind: paid access, flex and self-study included). Names from auth (staff read full names,
 * never only ids); `groups` the course's groups the pupil is in; `enrolment` null for a pupil put in a group by hand;
 * `progress` of a live course counts the pupil's groups' lessons and homework, of a flex course its lessons done.
 */
export const courseStudent = z.object({
  userId: z.uuid(),
  firstName: z.string(),
  lastName: z.string(),
  groups: z.array(z.object({ id: z.uuid(), name: z.string() })),
  enrolment: z.object({
    status: enrolmentStatus,
    tariff: localizedText,
    /** The start of the latest paid period, and when access ends (null before the first payment). */
    periodStart: isoInstant.nullable(),
    accessUntil: isoInstant.nullable(),
    renew: z.boolean(),
  }).nullable(),
  progress: z.discriminatedUnion('kind', [
    z.object({
      kind: z.literal('live'),
      lessonsHeld: z.number().int(),
      lessonsTotal: z.number().int(),
      /** Lessons marked present or late. */
      attended: z.number().int(),
      homeworkSet: z.number().int(),
      homeworkDone: z.number().int(),
    }),
    z.object({ kind: z.literal('flex'), lessonsDone: z.number().int(), lessonsTotal: z.number().int(), points: z.number().int() }),
  ]).nullable(),
});
export type CourseStudent = z.output<typeof courseStudent>;
export const courseStudentsReply = pageOf(courseStudent);
export type CourseStudentsReply = z.output<typeof courseStudentsReply>;
