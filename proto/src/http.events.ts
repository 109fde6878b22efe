/**
 * HTTP contracts of learning's events (issue 16, docs/learning.md "Events"): webinars, olympiad stages and meetings,
 * with kk/ru/en text, a start and an end (instants, shown in Asia/Almaty), an online link or a place (a centre of
 * the directory), and an audience (everyone, one grade, or the pupils of one course).
 */
import { z } from 'zod';
import { dataOf, imageView, isoInstant, localizedText } from './http';

/** Who an event is for: `all` pupils, one `grade` (`grade` set), or the pupils of one `course` (`courseId` set). */
export const eventAudience = z.enum(['all', 'grade', 'course']);
export type EventAudience = z.output<typeof eventAudience>;

/** An event as staff store it (the CRUD record; `POST /api/events/{event}/publish` and `/unpublish` answer it). */
export const eventRecord = z.object({
  id: z.uuid(),
  titleKk: z.string(), titleRu: z.string(), titleEn: z.string(),
  descriptionKk: z.string(), descriptionRu: z.string(), descriptionEn: z.string(),
  imageUrl: z.string().nullable(),
  startsAt: isoInstant,
  endsAt: isoInstant,
  onlineUrl: z.string().nullable(),
  centerId: z.number().int().nullable(),
  audience: eventAudience,
  grade: z.number().int().nullable(),
  courseId: z.uuid().nullable(),
  published: z.boolean(),
  publishedAt: isoInstant.nullable(),
  createdAt: isoInstant,
  updatedAt: isoInstant,
});
export type EventRecord = z.output<typeof eventRecord>;
/** `POST /api/events/{event}/images` (multipart): the stored image, and the event now showing it. */
export const eventImageReply = eventRecord.extend({ image: imageView });
export type EventImageReply = z.output<typeof eventImageReply>;

/** An event as a pupil sees it (`GET /api/my-events`, `GET /api/my-events/{event}`). */
export const eventView = z.object({
  id: z.uuid(),
  title: localizedText,
  description: localizedText,
  imageUrl: z.string().nullable(),
  startsAt: isoInstant,
  endsAt: isoInstant,
  onlineUrl: z.string().nullable(),
  centerId: z.number().int().nullable(),
});
export type EventView = z.output<typeof eventView>;
export const eventListReply = dataOf(z.array(eventView));
export type EventListReply = z.output<typeof eventListReply>;
export const eventPageReply = dataOf(eventView);
export type EventPageReply = z.output<typeof eventPageReply>;
