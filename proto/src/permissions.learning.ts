import { keys } from './permission-keys';

/**
 * API keys of the learning service beyond the spec's (quiz/challenge/training/checkpoint create, update and tabs):
 * deleting content, resetting a pupil's attempt, and reading quiz banks.
 */
export const LEARNING_PERMISSIONS = [
  ...keys('quiz', ['index', 'delete', 'attempt_reset'] as const),
  ...keys('challenge', ['delete'] as const),
  ...keys('training', ['delete'] as const),
  // Library: deleting libraries, chapters, subchapters and cards, and making or editing collections.
  ...keys('library', ['delete', 'collection_update'] as const),
] as const;
