/**
 * HTTP contracts of the library (docs/learning.md, "Library"): staff bodies of the resources `library`,
 * `chapters`, `subchapters`, `cards` and `collections`, and what pupils read and send: published libraries,
 * search, flashcard study with spaced repetition (FSRS), the day's due cards and progress per chapter.
 */
import { z } from 'zod';
import { dataOf, isoInstant, localizedText } from './http';

/** School subjects a library can be about (stored codes; their kk/ru/en names are the resource's enum labels). */
export const LIBRARY_SUBJECTS = [
  'math', 'algebra', 'geometry', 'physics', 'chemistry', 'biology', 'geography', 'history', 'informatics',
  'kazakh', 'russian', 'english', 'literature',
] as const;
export const librarySubject = z.enum(LIBRARY_SUBJECTS);
export type LibrarySubject = z.output<typeof librarySubject>;

/** The four answers of a flashcard review, as FSRS names them. */
export const REVIEW_RATINGS = ['again', 'hard', 'good', 'easy'] as const;
export const reviewRating = z.enum(REVIEW_RATINGS);
export type ReviewRating = z.output<typeof reviewRating>;

/** FSRS card states, in the library's order (0 new, 1 learning, 2 review, 3 relearning). */
export const REVIEW_STATES = ['new', 'learning', 'review', 'relearning'] as const;
export const reviewStateName = z.enum(REVIEW_STATES);

const title = z.string().trim().min(1).max(300);
const cardText = z.string().trim().min(1).max(5000);
const position = z.number().int().min(0).max(1_000_000);
/** A file name the kit's image uploads gave (`POST /api/upload-image`), e.g. `3f2c....webp`. */
const imageName = z.string().trim().regex(/^[A-Za-z0-9][A-Za-z0-9._-]{0,199}$/).nullable();
/** A formula as text (LaTeX, e.g. `a^2 + b^2 = c^2`), shown under the card's text. */
const formula = z.string().max(2000);
const uuid = z.uuid();

const libraryFields = {
  subject: librarySubject,
  grade: z.number().int().min(1).max(11),
  titleKk: title, titleRu: title, titleEn: title,
  position: position.default(0),
};
/** `POST /api/library`: a new library is unpublished; `library/{id}/publish` shows it to pupils. */
export const createLibraryBody = z.strictObject(libraryFields);
export const updateLibraryBody = z.strictObject(libraryFields).partial();

const chapterFields = { titleKk: title, titleRu: title, titleEn: title, position: position.default(0) };
/** `POST /api/chapters`: the library is named once and never changes. */
export const createLibraryChapterBody = z.strictObject({ libraryId: uuid, ...chapterFields });
export const updateLibraryChapterBody = z.strictObject(chapterFields).partial();

/** `POST /api/subchapters`: a subchapter may later move to another chapter of the same library. */
export const createLibrarySubchapterBody = z.strictObject({ chapterId: uuid, ...chapterFields });
export const updateLibrarySubchapterBody = z.strictObject({ chapterId: uuid, ...chapterFields }).partial();

const cardFields = {
  subchapterId: uuid,
  frontKk: cardText, frontRu: cardText, frontEn: cardText,
  backKk: cardText, backRu: cardText, backEn: cardText,
  frontImage: imageName.default(null),
  backImage: imageName.default(null),
  formula: formula.default(''),
  position: position.default(0),
};
export const createCardBody = z.strictObject(cardFields);
export const updateCardBody = z.strictObject(cardFields).partial();

const collectionFields = {
  libraryId: uuid,
  titleKk: title, titleRu: title, titleEn: title,
  /** The hand-picked cards in study order, all from the collection's library. */
  cardIds: z.array(uuid).max(500).default([]),
  position: position.default(0),
};
export const createCollectionBody = z.strictObject(collectionFields);
export const updateCollectionBody = z.strictObject(collectionFields).omit({ libraryId: true }).partial();

export const libraryPublishBody = z.strictObject({ published: z.boolean().default(true) });

/* What pupils read */

/** `GET /api/library/published?subject=&grade=`. */
export const libraryBrowseQuery = z.strictObject({
  subject: librarySubject.optional(),
  grade: z.coerce.number().int().min(1).max(11).optional(),
});

export const librarySummary = z.object({
  id: z.uuid(),
  subject: librarySubject,
  grade: z.number().int(),
  title: localizedText,
  chapterCount: z.number().int(),
  cardCount: z.number().int(),
});
export type LibrarySummary = z.output<typeof librarySummary>;
export const libraryListReply = dataOf(z.array(librarySummary));
export type LibraryListReply = z.output<typeof libraryListReply>;

/** A chapter's progress for the caller: cards seen at least once, cards due by the end of today, cards learnt. */
export const chapterProgress = z.object({
  total: z.number().int(),
  seen: z.number().int(),
  due: z.number().int(),
  /** In FSRS's review state and not due today. */
  learnt: z.number().int(),
});
export type ChapterProgress = z.output<typeof chapterProgress>;

/** `GET /api/library/published/{library}`: chapters with subchapters, collections and (signed in) progress. */
export const libraryPage = librarySummary.extend({
  chapters: z.array(z.object({
    id: z.uuid(),
    title: localizedText,
    subchapters: z.array(z.object({ id: z.uuid(), title: localizedText, cardCount: z.number().int() })),
    progress: chapterProgress.nullable(),
  })),
  collections: z.array(z.object({ id: z.uuid(), title: localizedText, cardCount: z.number().int() })),
});
export type LibraryPage = z.output<typeof libraryPage>;
export const libraryPageReply = dataOf(libraryPage);

/** A card to study, with the caller's spaced-repetition state (null: never reviewed). */
export const studyCard = z.object({
  id: z.uuid(),
  front: localizedText,
  back: localizedText,
  frontImageUrl: z.string().nullable(),
  backImageUrl: z.string().nullable(),
  formula: z.string(),
  chapterId: z.uuid(),
  subchapterId: z.uuid(),
  review: z.object({
    state: reviewStateName,
    due: isoInstant,
    reps: z.number().int(),
    lapses: z.number().int(),
    stability: z.number(),
    difficulty: z.number(),
    lastReview: isoInstant.nullable(),
  }).nullable(),
});
export type StudyCard = z.output<typeof studyCard>;

/** `GET /api/chapters/{chapter}/study`, `GET /api/collections/{collection}/study`: the deck, due cards first. */
export const studyDeckReply = dataOf(z.object({
  title: localizedText,
  libraryId: z.uuid(),
  cards: z.array(studyCard),
}));
export type StudyDeckReply = z.output<typeof studyDeckReply>;

/** `POST /api/cards/{card}/review`. */
export const reviewBody = z.strictObject({ rating: reviewRating });
export const reviewReply = dataOf(studyCard.extend({
  /** When each answer would bring the card back next time (for the buttons' hints). */
  next: z.object({ again: isoInstant, hard: isoInstant, good: isoInstant, easy: isoInstant }),
}));
export type ReviewReply = z.output<typeof reviewReply>;

/** `GET /api/library/due?date=yyyy-mm-dd`: the caller's cards due by the end of that Almaty day (default today). */
export const dueQuery = z.strictObject({ date: z.iso.date().optional() });
export const dueReply = dataOf(z.object({
  date: z.string(),
  count: z.number().int(),
  cards: z.array(studyCard.extend({ libraryTitle: localizedText })),
}));
export type DueReply = z.output<typeof dueReply>;

/** `GET /api/library/search?q=`: cards and chapters of published libraries whose words start with the query's. */
export const librarySearchQuery = z.strictObject({ q: z.string().trim().min(1).max(100), limit: z.coerce.number().int().min(1).max(50).default(20) });
export const librarySearchReply = dataOf(z.object({
  chapters: z.array(z.object({ id: z.uuid(), libraryId: z.uuid(), title: localizedText, libraryTitle: localizedText })),
  cards: z.array(z.object({ id: z.uuid(), libraryId: z.uuid(), chapterId: z.uuid(), front: localizedText, back: localizedText })),
}));
export type LibrarySearchReply = z.output<typeof librarySearchReply>;

/** The library row as staff's publish action returns it. */
export const libraryRecord = z.object({
  id: z.uuid(),
  subject: librarySubject,
  grade: z.number().int(),
  titleKk: z.string(), titleRu: z.string(), titleEn: z.string(),
  published: z.boolean(),
  position: z.number().int(),
  createdAt: isoInstant,
  updatedAt: isoInstant,
});
export type LibraryRecord = z.output<typeof libraryRecord>;
