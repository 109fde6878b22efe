import { z } from 'zod';
import { CONSULTATION_MAX_MINUTES, NEWS_PAGE_MAX } from '@olymp/proto';
import { numeral } from '@olymp/server-kit';
import { uuid } from '../floor/localized';

const instant = z.iso.datetime({ offset: true }).transform((s) => new Date(s));
const newsText = z.string().trim().max(5000).default('');
const link = z.url({ protocol: /^https?$/ }).max(500).nullable().default(null);
const termsText = z.string().trim().min(1).max(50_000);

/** A post's text in kk, ru and en, or in one language as written (the others ''); at least one is required. */
const newsFields = { textKk: newsText, textRu: newsText, textEn: newsText, linkUrl: link };

/** `POST groups/{group}/news` (a teacher of the group, or staff). */
export const postNews = z.strictObject(newsFields);
/** Staff's news resource (`course-news`): the group is chosen; author and time are the caller's and now. */
export const createNewsPost = z.strictObject({ groupId: uuid, ...newsFields });
export const updateNewsPost = z.strictObject(newsFields).partial();

/** `?cursor=<ms>_<id>` from the previous page's `nextCursor`; `limit` posts (default 10, at most 50). */
export const newsQuery = z.strictObject({
  cursor: z.string().regex(/^\d{1,15}_[0-9a-f-]{36}$/).optional(),
  limit: numeral(z.number().int().min(1).max(NEWS_PAGE_MAX)).optional(),
});

const slotSpan = <T extends { startsAt: Date; endsAt: Date }>(s: z.ZodType<T>) =>
  s.refine((v) => v.endsAt.getTime() > v.startsAt.getTime() && v.endsAt.getTime() - v.startsAt.getTime() <= CONSULTATION_MAX_MINUTES * 60_000, {
    path: ['endsAt'],
    message: `endsAt: after startsAt, at most ${CONSULTATION_MAX_MINUTES} minutes later`,
  });

/** `POST groups/{group}/consultation-slots`: start and end instants (screens pick them in Asia/Almaty). */
export const openSlot = slotSpan(z.strictObject({ startsAt: instant, endsAt: instant }));
/** Staff's slot resource (`consultation-slots`): the caller is the slot's teacher. */
export const createSlot = slotSpan(z.strictObject({ groupId: uuid, startsAt: instant, endsAt: instant }));
export const updateSlot = z.strictObject({ startsAt: instant, endsAt: instant }).partial();

/** Staff's terms resource (`course-terms`): a new version of a course's terms in kk, ru and en; its number is the next one. */
export const createTerms = z.strictObject({ courseId: uuid, textKk: termsText, textRu: termsText, textEn: termsText });

/** `POST courses/{course}/agreement`: the version the pupil read and accepts. */
export const acceptTerms = z.strictObject({ version: z.number().int().min(1) });
