import { type Card, type Grade, Rating, createEmptyCard, fsrs, generatorParameters } from 'ts-fsrs';
import { REVIEW_STATES, type ReviewRating } from '@olymp/proto';
import type { LibraryReviewState } from '../floor/library.entities';

/**
 * Spaced repetition by ts-fsrs (FSRS, the scheduler Anki uses) with its default parameters and no fuzz, so a
 * schedule is reproducible: the same answers at the same instants give the same due dates.
 */
export const scheduler = fsrs(generatorParameters({ enable_fuzz: false }));

export const RATING: Readonly<Record<ReviewRating, Grade>> = { again: Rating.Again, hard: Rating.Hard, good: Rating.Good, easy: Rating.Easy };

/** The stored state as ts-fsrs's card; a never-reviewed card is a new one at `now`. */
export function cardOf(row: LibraryReviewState | null, now: Date): Card {
  if (!row) return createEmptyCard(now);
  return {
    due: row.due, stability: row.stability, difficulty: row.difficulty, elapsed_days: row.elapsedDays, scheduled_days: row.scheduledDays,
    learning_steps: row.learningSteps, reps: row.reps, lapses: row.lapses, state: row.state, last_review: row.lastReview ?? undefined,
  };
}

/** ts-fsrs's card as the row's columns. */
export function stateColumns(card: Card) {
  return {
    due: card.due, stability: card.stability, difficulty: card.difficulty, elapsedDays: card.elapsed_days, scheduledDays: card.scheduled_days,
    learningSteps: card.learning_steps, reps: card.reps, lapses: card.lapses, state: card.state, lastReview: card.last_review ?? null,
  };
}

export const stateName = (state: number) => REVIEW_STATES[state] ?? 'new';
