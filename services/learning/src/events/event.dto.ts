import { z } from 'zod';
import { eventAudience } from '@olymp/proto';
import { imageUrl, localizedFields, longText, title, uuid } from '../floor/localized';

const instant = z.iso.datetime({ offset: true }).transform((s) => new Date(s));

const eventFields = {
  ...localizedFields('title', title),
  ...localizedFields('description', longText),
  imageUrl,
  /** Instants; staff screens pick a date and an hour in Asia/Almaty. */
  startsAt: instant,
  endsAt: instant,
  onlineUrl: z.url({ protocol: /^https?$/ }).max(500).nullable().default(null),
  centerId: z.number().int().min(1).nullable().default(null),
  audience: eventAudience.default('all'),
  grade: z.number().int().min(1).max(11).nullable().default(null),
  courseId: uuid.nullable().default(null),
};

/** Publishing is its own action (`events/{event}/publish`), so a new event starts as a draft. */
export const createEvent = z.strictObject(eventFields);
export const updateEvent = z.strictObject(eventFields).partial();
