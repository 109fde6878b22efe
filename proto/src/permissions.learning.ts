import { keys } from './permission-keys';

/**
 * API keys of the learning service beyond the spec's (quiz/challenge/training/checkpoint create, update and tabs):
 * deleting content, resetting a pupil's attempt, and reading quiz banks. Courses (their modules), groups (their
 * lessons): the spec gives only the sidebar keys (course_index, group_index, which read them); writes need these;
 * certificates in bulk.
 */
export const LEARNING_PERMISSIONS = [
  ...keys('quiz', ['index', 'delete', 'attempt_reset'] as const),
  ...keys('challenge', ['delete'] as const),
  ...keys('training', ['delete'] as const),
  ...keys('course', ['create', 'update', 'delete'] as const),
  ...keys('group', ['create', 'update', 'delete'] as const),
  // Certificates in bulk: start a run, watch it, download its ZIP, remove its files.
  ...keys('certs', ['generate', 'progress', 'zip', 'clear'] as const),
  // Library: deleting libraries, chapters, subchapters and cards, and making or editing collections.
  ...keys('library', ['delete', 'collection_update'] as const),
  // Events (issue 16): the sidebar's event_index reads them; writing and publishing need these.
  ...keys('event', ['create', 'update', 'delete', 'publish'] as const),
] as const;
