import { def } from './error-def';

/** Error codes of the learning service's library (merged into ERRORS). */
export const LIBRARY_ERRORS = {
  COLLECTION_CARD_OUTSIDE_LIBRARY: def(
    400,
    'The card {value} is not in this collection\'s library. Choose cards of the same library.',
    'Карточка {value} не из библиотеки этой подборки. Выберите карточки той же библиотеки.',
    '{value} карточкасы бұл жинақтың кітапханасынан емес. Сол кітапхананың карточкаларын таңдаңыз.',
  ),
  LIBRARY_NOT_PUBLISHED: def(
    404,
    'This library is not published yet. Choose another one from the library list.',
    'Эта библиотека ещё не опубликована. Выберите другую из списка библиотек.',
    'Бұл кітапхана әлі жарияланбаған. Кітапханалар тізімінен басқасын таңдаңыз.',
  ),
} as const;
