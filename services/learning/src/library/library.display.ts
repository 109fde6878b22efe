import type { Localized } from '@olymp/proto';
import type { LibrarySubject } from '@olymp/proto';

/** The subjects' names, published as the libraries' `x-enum-labels` and shown by the student pages. */
export const LIBRARY_SUBJECT_LABELS: Readonly<Record<LibrarySubject, Localized>> = {
  math: { kk: 'Математика', ru: 'Математика', en: 'Mathematics' },
  algebra: { kk: 'Алгебра', ru: 'Алгебра', en: 'Algebra' },
  geometry: { kk: 'Геометрия', ru: 'Геометрия', en: 'Geometry' },
  physics: { kk: 'Физика', ru: 'Физика', en: 'Physics' },
  chemistry: { kk: 'Химия', ru: 'Химия', en: 'Chemistry' },
  biology: { kk: 'Биология', ru: 'Биология', en: 'Biology' },
  geography: { kk: 'География', ru: 'География', en: 'Geography' },
  history: { kk: 'Тарих', ru: 'История', en: 'History' },
  informatics: { kk: 'Информатика', ru: 'Информатика', en: 'Computer science' },
  kazakh: { kk: 'Қазақ тілі', ru: 'Казахский язык', en: 'Kazakh' },
  russian: { kk: 'Орыс тілі', ru: 'Русский язык', en: 'Russian' },
  english: { kk: 'Ағылшын тілі', ru: 'Английский язык', en: 'English' },
  literature: { kk: 'Әдебиет', ru: 'Литература', en: 'Literature' },
};
