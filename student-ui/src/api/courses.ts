/**
 * A pupil's courses (learning, docs/learning.md "Courses"): their groups, this week's timetable, homework with their
 * own hand-ins. Types are proto's HTTP contracts (proto/src/http.courses.ts), imported type-only.
 */
import type { CalendarFeedReply, HomeworkListReply, MyGroupsReply, SubmissionView, TimetableReply } from '@olymp/proto';
import { authJson } from './session';

export type { HomeworkView, MyGroup, TimetableLesson } from '@olymp/proto';

export const getMyGroups = () => authJson<MyGroupsReply>('my-groups');
export const getMyTimetable = (week?: string) => authJson<TimetableReply>(`my-timetable${week ? `?week=${week}` : ''}`);
export const getMyHomework = () => authJson<HomeworkListReply>('my-homework');
export const submitHomework = (id: string, text: string, uploadName: string | null) =>
  authJson<{ data: SubmissionView }>(`homework/${id}/submission`, { method: 'PUT', body: { text, uploadName } });

/** The pupil's secret calendar feed (docs/teaching.md): read it, make a new one (the old stops), or turn it off. */
export const getMyCalendar = () => authJson<CalendarFeedReply>('my-calendar');
export const renewMyCalendar = () => authJson<CalendarFeedReply>('my-calendar', { method: 'POST' });
export const revokeMyCalendar = () => authJson<CalendarFeedReply>('my-calendar', { method: 'DELETE' });
