/**
 * An online course's pupil pages (learning, docs/course-pages.md): the group's news feed, consultation times and the
 * pupil's bookings, the course's terms. Types are proto's HTTP contracts (proto/src/http.course-pages.ts), type-only.
 */
import type {
  AgreementReply, ConsultationSlotReply, ConsultationSlotsReply, GroupBoardReply, GroupTeachersReply, MyAttendanceReply, NewsFeedReply, NoticePage, TimetableReply,
} from '@olymp/proto';
import { authJson } from './session';

export type { AgreementView, ConsultationSlotView, NewsPostView } from '@olymp/proto';

export const getNews = (groupId: string, cursor?: string | null) =>
  authJson<NewsFeedReply>(`groups/${groupId}/news${cursor ? `?cursor=${encodeURIComponent(cursor)}` : ''}`);
export const getSlots = (groupId: string) => authJson<ConsultationSlotsReply>(`groups/${groupId}/consultation-slots`);
export const bookSlot = (slotId: string) => authJson<ConsultationSlotReply>(`consultation-slots/${slotId}/booking`, { method: 'POST' });
export const cancelBooking = (slotId: string) => authJson<ConsultationSlotReply>(`consultation-slots/${slotId}/booking`, { method: 'DELETE' });
export const getAgreement = (courseId: string) => authJson<AgreementReply>(`courses/${courseId}/agreement`);
export const acceptAgreement = (courseId: string, version: number) =>
  authJson<AgreementReply>(`courses/${courseId}/agreement`, { method: 'POST', body: { version } });
export const getGroupTimetable = (groupId: string) => authJson<TimetableReply>(`groups/${groupId}/timetable`);
export const getGroupTeachers = (groupId: string) => authJson<GroupTeachersReply>(`groups/${groupId}/teachers`);
export const getGroupBoard = (groupId: string) => authJson<GroupBoardReply>(`groups/${groupId}/leaderboard`);
/** The pupil's own attendance marks (all groups; the page keeps one group's). */
export const getMyAttendance = () => authJson<MyAttendanceReply>('my-attendance');
/** The pupil's notices about one group (notifications: lesson reminders, course news, consultations called off), newest first. */
export const getGroupNotices = (groupId: string) => authJson<NoticePage>(`notices?page=1&limit=50&group=${groupId}`);
