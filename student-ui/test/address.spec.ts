/**
 * One form of address per language: the site is used by pupils and read by parents, so it speaks politely
 * throughout ("Сіз" in Kazakh, "Вы" in Russian). Every string of every translation group is scanned for the
 * informal forms; translations.spec (locales.spec.ts) checks that the three languages have the same keys.
 */
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';

const LOCALES = path.resolve(__dirname, '../src/i18n/locales');

/** Every text of a translation file as [key, text]. */
function texts(value: unknown, key = ''): [string, string][] {
  if (typeof value === 'string') return [[key, value]];
  if (Array.isArray(value)) return value.flatMap((v, i) => texts(v, `${key}[${i}]`));
  if (value && typeof value === 'object') return Object.entries(value).flatMap(([k, v]) => texts(v, key ? `${key}.${k}` : k));
  return [];
}

/** Whole words only (Cyrillic letters around a match do not count as a word boundary in \b). */
const words = (list: string[]) => new RegExp(`(?<![\\p{L}])(${list.join('|')})(?![\\p{L}])`, 'iu');

const INFORMAL = {
  // "ты" and its forms, and the informal imperatives and verbs the site used to have.
  ru: words([
    'ты', 'тебя', 'тебе', 'тобой', 'твой', 'твоя', 'твоё', 'твое', 'твои', 'твоего', 'твоей', 'твоему', 'твоих', 'твоим', 'твоими',
    'учи', 'проверь', 'готовься', 'следи', 'соревнуйся', 'присоединись', 'пройди', 'получи', 'попробуй', 'выбери', 'нажми', 'начни',
    'войди', 'введи', 'подтверди', 'узнай', 'ответил', 'ответила', 'можешь', 'сможешь', 'будешь', 'получишь', 'хочешь',
  ]),
  // "сен" and its forms; the second person informal verb (-сың/-сің, -дың/-дің after a verb stem) and possessive
  // (-ың/-ің and its cases) the site used to have; informal imperatives (not "ал" nor "бас": also "and" and "main").
  kk: words([
    'сен', 'сенің', 'саған', 'сені', 'сенде', 'сенен', 'сендер', 'сендердің',
    '\\p{L}+(сың|сің)', '\\p{L}+(ыңмен|іңмен|ыңды|іңді|ыңа|іңе|ыңда|іңде|ыңнан|іңнен)',
    'жауабың', 'жауаптарың', 'орның', 'нәтижең', 'бердің', 'келдің', 'жетістігің',
    'қосыл', 'үйрен', 'көр', 'дайындал', 'қадағала', 'жарыс', 'тырыс', 'таңда', 'енгіз', 'кір', 'тексер', 'қайтала',
  ]),
} as const;

describe('one form of address in each language', () => {
  it.each(Object.keys(INFORMAL) as (keyof typeof INFORMAL)[])('%s has no informal forms', (locale) => {
    const found: string[] = [];
    for (const file of readdirSync(path.join(LOCALES, locale)).filter((f) => f.endsWith('.json'))) {
      const json: unknown = JSON.parse(readFileSync(path.join(LOCALES, locale, file), 'utf8'));
      for (const [key, text] of texts(json)) {
        const match = INFORMAL[locale].exec(text);
        if (match) found.push(`${file} ${key}: "${match[0]}" in "${text}"`);
      }
    }
    expect(found).toEqual([]);
  });

  it('catches the informal forms it is meant to catch', () => {
    expect(INFORMAL.ru.test('Твоё место: 3')).toBe(true);
    expect(INFORMAL.ru.test('Ваше место: 3')).toBe(false);
    expect(INFORMAL.kk.test('Сенің орның: 3')).toBe(true);
    expect(INFORMAL.kk.test('Мұнда сөйлесе аласың.')).toBe(true);
    expect(INFORMAL.kk.test('Мұнда сөйлесе аласыз.')).toBe(false);
    expect(INFORMAL.kk.test('Сіздің орныңыз: 3')).toBe(false);
  });
});
