/** The library (docs/learning.md, "Library"): published libraries, flashcard decks, FSRS reviews and due cards. */
import type { DueReply, LibraryListReply, LibraryPage, ReviewRating, ReviewReply, StudyDeckReply } from '@olymp/proto';
import { authJson } from './session';

export type { LibrarySummary, StudyCard, ReviewRating } from '@olymp/proto';

export const getLibraries = () => authJson<LibraryListReply>('library/published').then((a) => a.data);
export const getLibrary = (id: string) => authJson<{ data: LibraryPage }>(`library/published/${id}`).then((a) => a.data);
export const getDeck = (kind: 'chapter' | 'collection', id: string) =>
  authJson<StudyDeckReply>(`${kind === 'chapter' ? 'chapters' : 'collections'}/${id}/study`).then((a) => a.data);
export const reviewCard = (cardId: string, rating: ReviewRating) =>
  authJson<ReviewReply>(`cards/${cardId}/review`, { method: 'POST', body: { rating } }).then((a) => a.data);
export const getDue = () => authJson<DueReply>('library/due').then((a) => a.data);
