import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager, In } from 'typeorm';
import { DateTime } from 'luxon';
import { DomainError, Clock, UploadUrls, notFound } from '@olymp/server-kit';
import type { ChapterProgress, ReviewRating, StudyCard } from '@olymp/proto';
import { Library, LibraryCard, LibraryChapter, LibraryCollection, LibraryReviewState } from '../floor/library.entities';
import { ZONE, almatyDate } from '../floor/time';
import { localized } from '../floor/localized';
import { RATING, cardOf, scheduler, stateColumns, stateName } from './fsrs';

/** The first instant after an Almaty calendar day (`2030-02-03` -> 2030-02-03T19:00:00Z). */
export function endOfAlmatyDay(date: string): Date {
  const dt = DateTime.fromISO(date, { zone: ZONE });
  if (!dt.isValid) throw new DomainError('VALIDATION_FAILED', { details: 'date' }, { date: 'yyyy-mm-dd' });
  return dt.plus({ days: 1 }).startOf('day').toJSDate();
}

/**
 * Flashcards with spaced repetition: a chapter's or a collection's deck with the caller's states, a review (one
 * answer, scheduled by FSRS and stored per pupil), the day's due cards and progress per chapter. Pupils reach only
 * cards of published libraries, and only their own states.
 */
@Injectable()
export class Study {
  constructor(
    private readonly ds: DataSource,
    private readonly clock: Clock,
    private readonly urls: UploadUrls,
  ) {}

  view(card: LibraryCard, state: LibraryReviewState | null): StudyCard {
    return {
      id: card.id,
      front: localized(card, 'front'),
      back: localized(card, 'back'),
      frontImageUrl: card.frontImage ? this.urls.of('image', card.frontImage) : null,
      backImageUrl: card.backImage ? this.urls.of('image', card.backImage) : null,
      formula: card.formula,
      chapterId: card.chapterId,
      subchapterId: card.subchapterId,
      review: state && {
        state: stateName(state.state), due: state.due.toISOString(), reps: state.reps, lapses: state.lapses,
        stability: state.stability, difficulty: state.difficulty, lastReview: state.lastReview?.toISOString() ?? null,
      },
    };
  }

  private async publishedLibrary(id: string): Promise<Library> {
    const library = await this.ds.getRepository(Library).findOneBy({ id, published: true });
    if (!library) throw notFound();
    return library;
  }

  private async states(userId: string, cardIds: string[]): Promise<Map<string, LibraryReviewState>> {
    if (!cardIds.length) return new Map();
    const rows = await this.ds.getRepository(LibraryReviewState).findBy({ userId, cardId: In(cardIds) });
    return new Map(rows.map((r) => [r.cardId, r]));
  }

  /** Due (or never seen) cards first in their order, then the rest by when they fall due. */
  private async deck(userId: string, cards: LibraryCard[]) {
    const states = await this.states(userId, cards.map((c) => c.id));
    const now = this.clock.nowMs();
    const dueAt = (c: LibraryCard) => states.get(c.id)?.due.getTime() ?? 0;
    const ordered = [...cards.filter((c) => dueAt(c) <= now), ...cards.filter((c) => dueAt(c) > now).sort((a, b) => dueAt(a) - dueAt(b))];
    return ordered.map((c) => this.view(c, states.get(c.id) ?? null));
  }

  async chapterDeck(userId: string, chapterId: string) {
    const chapter = await this.ds.getRepository(LibraryChapter).findOneBy({ id: chapterId });
    if (!chapter) throw notFound();
    await this.publishedLibrary(chapter.libraryId);
    const cards = await this.ds.getRepository(LibraryCard).createQueryBuilder('c')
      .innerJoin('c.subchapter', 's').where('c.chapter_id = :id', { id: chapterId })
      .orderBy('s.position', 'ASC').addOrderBy('c.position', 'ASC').addOrderBy('c.id', 'ASC').getMany();
    return { title: localized(chapter, 'title'), libraryId: chapter.libraryId, cards: await this.deck(userId, cards) };
  }

  async collectionDeck(userId: string, collectionId: string) {
    const collection = await this.ds.getRepository(LibraryCollection).findOneBy({ id: collectionId });
    if (!collection) throw notFound();
    await this.publishedLibrary(collection.libraryId);
    const found = new Map((await this.ds.getRepository(LibraryCard).findBy({ id: In(collection.cardIds), libraryId: collection.libraryId })).map((c) => [c.id, c]));
    const cards = collection.cardIds.map((id) => found.get(id)).filter((c): c is LibraryCard => !!c);
    return { title: localized(collection, 'title'), libraryId: collection.libraryId, cards: await this.deck(userId, cards) };
  }

  /** One answer: the card's next state by FSRS from the stored one, at the Clock's now; the row is locked meanwhile. */
  async review(userId: string, cardId: string, rating: ReviewRating) {
    return this.ds.transaction(async (m) => {
      const card = await this.visibleCard(m, cardId);
      const now = this.clock.now();
      await m.query(
        `INSERT INTO library_review_states (user_id, card_id, chapter_id, due, stability, difficulty, elapsed_days, scheduled_days, learning_steps, reps, lapses, state, last_review)
         VALUES ($1, $2, $3, $4, 0, 0, 0, 0, 0, 0, 0, 0, NULL) ON CONFLICT (user_id, card_id) DO NOTHING`,
        [userId, cardId, card.chapterId, now],
      );
      const row = await m.createQueryBuilder(LibraryReviewState, 'r').setLock('pessimistic_write')
        .where('r.user_id = :userId AND r.card_id = :cardId', { userId, cardId }).getOneOrFail();
      const current = cardOf(row.reps === 0 && row.state === 0 ? null : row, now);
      const next = scheduler.next(current, now, RATING[rating]).card;
      await m.update(LibraryReviewState, { userId, cardId }, stateColumns(next));
      const saved = await m.findOneByOrFail(LibraryReviewState, { userId, cardId });
      const preview = scheduler.repeat(cardOf(saved, now), now);
      const at = (r: keyof typeof RATING) => preview[RATING[r]].card.due.toISOString();
      return { ...this.view(card, saved), next: { again: at('again'), hard: at('hard'), good: at('good'), easy: at('easy') } };
    });
  }

  private async visibleCard(m: EntityManager, cardId: string): Promise<LibraryCard> {
    const card = await m.getRepository(LibraryCard).createQueryBuilder('c')
      .innerJoin(Library, 'l', 'l.id = c.library_id AND l.published')
      .where('c.id = :cardId', { cardId }).getOne();
    if (!card) throw notFound();
    return card;
  }

  /** The caller's cards of published libraries due before the end of an Almaty day (today by default). */
  async due(userId: string, date?: string) {
    const day = date ?? almatyDate(this.clock.now());
    const end = endOfAlmatyDay(day);
    const rows = await this.ds.getRepository(LibraryReviewState).createQueryBuilder('r')
      .innerJoinAndSelect('r.card', 'c')
      .innerJoin(Library, 'l', 'l.id = c.library_id AND l.published')
      .addSelect(['l.title_kk', 'l.title_ru', 'l.title_en'])
      .where('r.user_id = :userId AND r.due < :end', { userId, end })
      .orderBy('r.due', 'ASC').addOrderBy('r.card_id', 'ASC').limit(500)
      .getRawAndEntities();
    const cards = rows.entities.map((r, i) => {
      const raw = rows.raw[i] as { title_kk: string; title_ru: string; title_en: string };
      return { ...this.view(r.card as LibraryCard, r), libraryTitle: { kk: raw.title_kk, ru: raw.title_ru, en: raw.title_en } };
    });
    return { date: day, count: cards.length, cards };
  }

  /** Per chapter of a library: its cards, those the caller has seen, those due by the end of today, those learnt. */
  async progress(userId: string, chapterIds: string[]): Promise<Map<string, ChapterProgress>> {
    if (!chapterIds.length) return new Map();
    const end = endOfAlmatyDay(almatyDate(this.clock.now()));
    const rows = (await this.ds.query(
      `SELECT c.chapter_id, COUNT(*)::int AS total, COUNT(r.card_id)::int AS seen,
              COUNT(*) FILTER (WHERE r.due < $3)::int AS due,
              COUNT(*) FILTER (WHERE r.state = 2 AND r.due >= $3)::int AS learnt
         FROM library_cards c LEFT JOIN library_review_states r ON r.card_id = c.id AND r.user_id = $1
        WHERE c.chapter_id = ANY($2::uuid[]) GROUP BY c.chapter_id`,
      [userId, chapterIds, end],
    )) as { chapter_id: string; total: number; seen: number; due: number; learnt: number }[];
    const out = new Map(chapterIds.map((id) => [id, { total: 0, seen: 0, due: 0, learnt: 0 }]));
    for (const r of rows) out.set(r.chapter_id, { total: r.total, seen: r.seen, due: r.due, learnt: r.learnt });
    return out;
  }
}
