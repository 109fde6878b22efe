import { KZ_CITIES, KZ_REGIONS } from '../directory/kz-regions';

/**
 * What the catalogue seeder writes. Reference data, always: grades 1-11, the subjects the platform teaches, and
 * the shop's delivery cities (the three cities of republican significance and the 17 regional centres of
 * kz-regions.ts). Demo data, with SEED_DEMO only: study directions and a learning centre in six cities.
 */
export interface Names {
  kk: string;
  ru: string;
  en: string;
}
export type Coded = Names & { code: string };

export const GRADES: (Names & { number: number })[] = Array.from({ length: 11 }, (_, i) => ({
  number: i + 1,
  kk: `${i + 1}-сынып`,
  ru: `${i + 1} класс`,
  en: `Grade ${i + 1}`,
}));

const s = (code: string, kk: string, ru: string, en: string): Coded => ({ code, kk, ru, en });

export const SUBJECTS: Coded[] = [
  s('mathematics', 'Математика', 'Математика', 'Mathematics'),
  s('logic', 'Логика', 'Логика', 'Logic'),
  s('kazakh-language', 'Қазақ тілі', 'Казахский язык', 'Kazakh language'),
  s('russian-language', 'Орыс тілі', 'Русский язык', 'Russian language'),
  s('english-language', 'Ағылшын тілі', 'Английский язык', 'English language'),
  s('natural-science', 'Жаратылыстану', 'Естествознание', 'Natural science'),
  s('history-of-kazakhstan', 'Қазақстан тарихы', 'История Казахстана', 'History of Kazakhstan'),
  s('physics', 'Физика', 'Физика', 'Physics'),
  s('chemistry', 'Химия', 'Химия', 'Chemistry'),
  s('biology', 'Биология', 'Биология', 'Biology'),
  s('geography', 'География', 'География', 'Geography'),
  s('computer-science', 'Информатика', 'Информатика', 'Computer science'),
];

export const citySlug = (en: string) => en.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '');

/** Astana, Almaty and Shymkent first, then the regional centres in the order of kz-regions.ts. */
export const CITIES: Coded[] = [
  ...KZ_CITIES.map((c) => ({ code: citySlug(c.en), kk: c.kk, ru: c.ru, en: c.en })),
  ...KZ_REGIONS.map((r) => ({ code: citySlug(r.center.en), kk: r.center.kk, ru: r.center.ru, en: r.center.en })),
];

export const DEMO_DIRECTIONS: Coded[] = [
  s('exam-preparation', 'Емтиханға дайындық', 'Подготовка к экзаменам', 'Exam preparation'),
  s('olympiad-academy', 'Олимпиада академиясы', 'Олимпиадная академия', 'Olympiad academy'),
  s('primary-school', 'Бастауыш мектеп', 'Начальная школа', 'Primary school'),
];

export interface SeedCenter extends Coded {
  cityCode: string;
  address: string;
  phone: string;
}

const c = (cityCode: string, city: Names, address: string, phone: string): SeedCenter => ({
  code: `${cityCode}:altyn-saqa`,
  cityCode,
  kk: `Altyn Saqa оқу орталығы (${city.kk})`,
  ru: `Учебный центр Altyn Saqa (${city.ru})`,
  en: `Altyn Saqa Learning Centre (${city.en})`,
  address,
  phone,
});
const city = (code: string) => CITIES.find((x) => x.code === code)!;

export const DEMO_CENTERS: SeedCenter[] = [
  c('astana', city('astana'), 'Мәңгілік Ел даңғылы, 55', '+77010000101'),
  c('almaty', city('almaty'), 'Абай даңғылы, 150', '+77010000102'),
  c('shymkent', city('shymkent'), 'Тәуке хан даңғылы, 40', '+77010000103'),
  c('karaganda', city('karaganda'), 'Бұқар жырау даңғылы, 47', '+77010000104'),
  c('aktobe', city('aktobe'), 'Әбілқайыр хан даңғылы, 62', '+77010000105'),
  c('oskemen', city('oskemen'), 'Қазақстан көшесі, 80', '+77010000106'),
];
