/**
 * HTTP contracts of an online course's pupil pages (issue 15, docs/course-pages.md): the group's news feed (teachers'
 * posts, newest first, cursor paging), consultation slots teachers open and pupils book once, and the course's terms
 * a pupil accepts before the first lesson (onboarding and agreements). Instants are UTC; screens show Asia/Almaty.
 */
import { z } from 'zod';
import { dataOf, isoInstant, localizedText } from './http';

/** A booking can be cancelled by its pupil until this many hours before the consultation starts. */
export const CONSULTATION_CANCEL_HOURS = 2;
/** Longest consultation slot a teacher may open, in minutes. */
export const CONSULTATION_MAX_MINUTES = 240;
/** News posts one page of the feed holds by default, and at most. */
export const NEWS_PAGE_DEFAULT = 10;
export const NEWS_PAGE_MAX = 50;

/** A news post of a group: its text as written (a language left empty is ''; screens fall back to another). */
export const newsPostView = z.object({
  id: z.uuid(),
  groupId: z.uuid(),
  text: localizedText,
  linkUrl: z.string().nullable(),
  /** Pupils read "Aigerim S."; staff and teachers the full name. */
  author: z.string(),
  createdAt: isoInstant,
});
export type NewsPostView = z.output<typeof newsPostView>;
/** A page of the feed, newest first; `nextCursor` fetches the older posts (null: no more). */
export const newsFeedReply = z.object({ data: z.array(newsPostView), nextCursor: z.string().nullable() });
export type NewsFeedReply = z.output<typeof newsFeedReply>;
export const newsPostReply = dataOf(newsPostView);
export type NewsPostReply = z.output<typeof newsPostReply>;

/** How a slot looks to the one asking: free, booked by the asking pupil, or booked by someone else. */
export const consultationSlotState = z.enum(['free', 'mine', 'taken']);
export type ConsultationSlotState = z.output<typeof consultationSlotState>;

export const consultationSlotView = z.object({
  id: z.uuid(),
  groupId: z.uuid(),
  startsAt: isoInstant,
  endsAt: isoInstant,
  teacher: z.string(),
  state: consultationSlotState,
  /** Who booked it: for the group's teachers and staff only (null for pupils, and when free). */
  bookedBy: z.string().nullable(),
  bookedAt: isoInstant.nullable(),
  /** Until when the booking pupil may still cancel (null when not theirs). */
  cancellableUntil: isoInstant.nullable(),
});
export type ConsultationSlotView = z.output<typeof consultationSlotView>;
/** The slots, and how many hours before its start a booking can still be cancelled (CONSULTATION_CANCEL_HOURS). */
export const consultationSlotsReply = z.object({ data: z.array(consultationSlotView), cancelHours: z.number().int() });
export type ConsultationSlotsReply = z.output<typeof consultationSlotsReply>;
export const consultationSlotReply = dataOf(consultationSlotView);
export type ConsultationSlotReply = z.output<typeof consultationSlotReply>;
/** `DELETE groups/{group}/consultation-slots/{slot}`: a teacher of the group (or staff) calls a time off. */
export const consultationSlotDeletedReply = dataOf(z.object({ id: z.uuid(), groupId: z.uuid(), pupilTold: z.boolean() }));
export type ConsultationSlotDeletedReply = z.output<typeof consultationSlotDeletedReply>;

/** A version of a course's terms. */
export const courseTermsView = z.object({ courseId: z.uuid(), version: z.number().int(), text: localizedText, createdAt: isoInstant });
export type CourseTermsView = z.output<typeof courseTermsView>;

/**
 * The caller's standing with a course's terms: the current version (null: the course has none, nothing to accept),
 * the version they accepted last and when, and whether they must accept before the lessons open.
 */
export const agreementView = z.object({
  courseId: z.uuid(),
  current: courseTermsView.nullable(),
  acceptedVersion: z.number().int().nullable(),
  acceptedAt: isoInstant.nullable(),
  mustAccept: z.boolean(),
});
export type AgreementView = z.output<typeof agreementView>;
export const agreementReply = dataOf(agreementView);
export type AgreementReply = z.output<typeof agreementReply>;

/** `GET groups/{group}/teachers`: the group's teachers as pupils see them (no phones, no ids). */
export const groupTeacherView = z.object({ name: z.string(), photoUrl: z.string().nullable(), subject: localizedText.nullable() });
export type GroupTeacherView = z.output<typeof groupTeacherView>;
export const groupTeachersReply = dataOf(z.array(groupTeacherView));
export type GroupTeachersReply = z.output<typeof groupTeachersReply>;

/**
 * `GET groups/{group}/leaderboard`: the group's pupils by points in the course (their graded homework), equal points
 * share a rank. Pupils are minors: "Aigerim S.", never ids; `me` marks the caller's own row.
 */
export const groupBoardRow = z.object({ rank: z.number().int(), name: z.string(), points: z.number().int(), me: z.boolean() });
export type GroupBoardRow = z.output<typeof groupBoardRow>;
export const groupBoardReply = z.object({ data: z.array(groupBoardRow), me: groupBoardRow.nullable() });
export type GroupBoardReply = z.output<typeof groupBoardReply>;
