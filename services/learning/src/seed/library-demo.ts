import type { EntityManager } from 'typeorm';
import type { LibrarySubject } from '@olymp/proto';
import { Library, LibraryCard, LibraryChapter, LibraryCollection, LibrarySubchapter } from '../floor/library.entities';

type Text = [kk: string, ru: string, en: string];
interface DemoCard { front: Text; back: Text; formula?: string }
interface DemoLibrary {
  key: string;
  subject: LibrarySubject;
  grade: number;
  title: Text;
  chapters: { title: Text; subchapters: { title: Text; cards: DemoCard[] }[] }[];
  /** A teacher's pick: cards by [chapter, subchapter, card] index. */
  collection?: { title: Text; cards: [number, number, number][] };
}

const same = (s: string): Text => [s, s, s];
const times = (a: number, b: number): DemoCard => ({ front: same(`${a} × ${b}`), back: same(String(a * b)) });

/** What a newcomer's pupils find in the library: arithmetic for grade 5, geometry formulas for grade 7. */
const LIBRARIES: DemoLibrary[] = [
  {
    key: 'math-5',
    subject: 'math',
    grade: 5,
    title: ['Математика — 5-сынып', 'Математика — 5 класс', 'Mathematics — grade 5'],
    chapters: [
      {
        title: ['Көбейту кестесі', 'Таблица умножения', 'Multiplication table'],
        subchapters: [
          { title: ['7-ге көбейту', 'Умножение на 7', 'Times 7'], cards: [6, 7, 8, 9].map((b) => times(7, b)) },
          { title: ['8-ге көбейту', 'Умножение на 8', 'Times 8'], cards: [6, 7, 8, 9].map((b) => times(8, b)) },
        ],
      },
      {
        title: ['Жай бөлшектер', 'Обыкновенные дроби', 'Fractions'],
        subchapters: [
          {
            title: ['Бөлшектерді қосу', 'Сложение дробей', 'Adding fractions'],
            cards: [
              { front: same('1/2 + 1/4'), back: same('3/4') },
              { front: same('2/3 + 1/6'), back: same('5/6') },
              { front: same('3/5 + 1/10'), back: same('7/10') },
            ],
          },
          {
            title: ['Бөлшекті қысқарту', 'Сокращение дробей', 'Simplifying fractions'],
            cards: [
              {
                front: ['Бөлшекті қысқартыңыз: 12/18', 'Сократите дробь: 12/18', 'Simplify: 12/18'],
                back: ['2/3 (алымы мен бөлімін 6-ға бөлеміз)', '2/3 (делим числитель и знаменатель на 6)', '2/3 (divide top and bottom by 6)'],
              },
              {
                front: ['Бөлшекті қысқартыңыз: 15/25', 'Сократите дробь: 15/25', 'Simplify: 15/25'],
                back: ['3/5 (5-ке бөлеміз)', '3/5 (делим на 5)', '3/5 (divide by 5)'],
              },
            ],
          },
        ],
      },
    ],
    collection: { title: ['Олимпиадаға дейінгі қайталау', 'Повторение перед олимпиадой', 'Review before the olympiad'], cards: [[0, 0, 2], [0, 1, 3], [1, 0, 0], [1, 1, 0]] },
  },
  {
    key: 'geometry-7',
    subject: 'geometry',
    grade: 7,
    title: ['Геометрия — 7-сынып', 'Геометрия — 7 класс', 'Geometry — grade 7'],
    chapters: [
      {
        title: ['Аудан мен периметр', 'Площадь и периметр', 'Area and perimeter'],
        subchapters: [
          {
            title: ['Формулалар', 'Формулы', 'Formulas'],
            cards: [
              {
                front: ['Тіктөртбұрыштың ауданы', 'Площадь прямоугольника', 'Area of a rectangle'],
                back: ['Ұзындығы мен енінің көбейтіндісі', 'Произведение длины и ширины', 'Length times width'],
                formula: 'S = a · b',
              },
              {
                front: ['Параллелограмның ауданы', 'Площадь параллелограмма', 'Area of a parallelogram'],
                back: ['Табаны мен биіктігінің көбейтіндісі', 'Произведение основания на высоту', 'Base times height'],
                formula: 'S = a · h',
              },
              {
                front: ['Шеңбердің ұзындығы', 'Длина окружности', 'Circumference of a circle'],
                back: ['Диаметрді π-ге көбейтеміз', 'Диаметр, умноженный на π', 'Diameter times π'],
                formula: 'C = 2πr',
              },
            ],
          },
        ],
      },
    ],
  },
];

/**
 * The demo library (SEED_DEMO only), published, with stable ids from `id(key)`: created once, a later start leaves
 * what staff changed. Returns how many libraries it created.
 */
export async function seedDemoLibrary(m: EntityManager, id: (key: string) => string): Promise<number> {
  let created = 0;
  for (const [li, lib] of LIBRARIES.entries()) {
    const libraryId = id(`library:${lib.key}`);
    if (await m.existsBy(Library, { id: libraryId })) continue;
    const [titleKk, titleRu, titleEn] = lib.title;
    await m.insert(Library, { id: libraryId, subject: lib.subject, grade: lib.grade, titleKk, titleRu, titleEn, published: true, position: li });
    const cardIds: string[][][] = [];
    for (const [ci, chapter] of lib.chapters.entries()) {
      const chapterId = id(`library:${lib.key}:${ci}`);
      await m.insert(LibraryChapter, { id: chapterId, libraryId, position: ci, titleKk: chapter.title[0], titleRu: chapter.title[1], titleEn: chapter.title[2] });
      cardIds[ci] = [];
      for (const [si, sub] of chapter.subchapters.entries()) {
        const subchapterId = id(`library:${lib.key}:${ci}:${si}`);
        await m.insert(LibrarySubchapter, { id: subchapterId, chapterId, libraryId, position: si, titleKk: sub.title[0], titleRu: sub.title[1], titleEn: sub.title[2] });
        cardIds[ci][si] = [];
        for (const [ki, card] of sub.cards.entries()) {
          const cardId = id(`library:${lib.key}:${ci}:${si}:${ki}`);
          cardIds[ci][si].push(cardId);
          await m.insert(LibraryCard, {
            id: cardId, subchapterId, chapterId, libraryId, position: ki,
            frontKk: card.front[0], frontRu: card.front[1], frontEn: card.front[2],
            backKk: card.back[0], backRu: card.back[1], backEn: card.back[2],
            frontImage: null, backImage: null, formula: card.formula ?? '',
          });
        }
      }
    }
    if (lib.collection) {
      await m.insert(LibraryCollection, {
        id: id(`library:${lib.key}:collection`), libraryId, ownerId: null, position: 0,
        titleKk: lib.collection.title[0], titleRu: lib.collection.title[1], titleEn: lib.collection.title[2],
        cardIds: lib.collection.cards.map(([c, s, k]) => cardIds[c][s][k]),
      });
    }
    created += 1;
  }
  return created;
}
