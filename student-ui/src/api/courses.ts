/**
 * A pupil's courses (learning, docs/learning.md "Courses"): their groups, this week's timetable, homework with their
 * own hand-ins. Types are proto's HTTP contracts (proto/src/http.courses.ts), imported type-only.
 */
import type { CalendarFeedReply, HomeworkListReply, MyGroupsReply, SubmissionView, TimetableReply, UploadReply } from '@olymp/proto';
import { ApiError } from './http';
import { authJson, downloadWithToken } from './session';

export type { HomeworkView, MyGroup, TimetableLesson } from '@olymp/proto';

export const getMyGroups = () => authJson<MyGroupsReply>('my-groups');
export const getMyTimetable = (week?: string) => authJson<TimetableReply>(`my-timetable${week ? `?week=${week}` : ''}`);
export const getMyHomework = () => authJson<HomeworkListReply>('my-homework');
export const submitHomework = (id: string, text: string, uploadName: string | null) =>
  authJson<{ data: SubmissionView }>(`homework/${id}/submission`, { method: 'PUT', body: { text, uploadName } });

/** What a hand-in file may be (the server decides by the bytes; this only spares a pointless upload). */
export const HOMEWORK_FILE_ACCEPT = 'image/*,application/pdf,.pdf,application/msword,.doc,.docx,.xlsx,.pptx';
export const HOMEWORK_FILE_MAX_BYTES = 25 * 1024 * 1024;
const HOMEWORK_FILE_TYPE = /^(image\/|application\/pdf$|application\/msword$|application\/vnd\.openxmlformats-officedocument\.)|\.(pdf|docx?|xlsx|pptx|jpe?g|png|webp|gif)$/i;
export const homeworkFileAllowed = (file: File) => HOMEWORK_FILE_TYPE.test(file.type) || HOMEWORK_FILE_TYPE.test(file.name);

/**
 * Sends a hand-in file through the kit's chunked uploads on the homework's own route (`homework/{id}/upload`: start
 * with the name and size, then each chunk at the offset the server has; a 409 names the offset to resume from). A
 * picture is stored re-encoded by the server. Resolves with the stored name to hand in with.
 */
export async function uploadHomeworkFile(homeworkId: string, file: File, onProgress: (percent: number) => void): Promise<string> {
  const path = `homework/${homeworkId}/upload`;
  let view = (await authJson<UploadReply>(path, { method: 'POST', body: { name: file.name, size: file.size, type: file.type || undefined } })).data;
  const chunkSize = view.chunkSize ?? 5 * 1024 * 1024;
  onProgress(0);
  while (view.status !== 'stored') {
    const offset = view.offset;
    const form = new FormData();
    form.append('id', view.id);
    form.append('offset', String(offset));
    form.append('chunk', file.slice(offset, offset + chunkSize), 'chunk');
    try {
      view = (await authJson<UploadReply>(path, { method: 'POST', body: form })).data;
    } catch (err) {
      const expected = err instanceof ApiError && err.status === 409 ? (err.body as { expectedOffset?: unknown } | undefined)?.expectedOffset : undefined;
      if (typeof expected !== 'number' || expected === offset) throw err;
      view = { ...view, offset: expected };
    }
    onProgress(Math.round((view.offset / Math.max(1, file.size)) * 100));
  }
  if (!view.filename) throw new ApiError(502, undefined);
  return view.filename;
}

/** The pupil's own handed-in file, saved under the name the server gives (the pupil's, with the stored type). */
export const downloadHandIn = (s: SubmissionView) =>
  downloadWithToken(`homework/${s.homeworkId}/submissions/${s.id}/file`, (name) => name ?? s.fileName ?? 'homework');

/** The pupil's secret calendar feed (docs/teaching.md): read it, make a new one (the old stops), or turn it off. */
export const getMyCalendar = () => authJson<CalendarFeedReply>('my-calendar');
export const renewMyCalendar = () => authJson<CalendarFeedReply>('my-calendar', { method: 'POST' });
export const revokeMyCalendar = () => authJson<CalendarFeedReply>('my-calendar', { method: 'DELETE' });
