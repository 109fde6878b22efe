import type { ImportQuiz } from '../challenges/challenge.dto';

/**
 * Real-looking olympiad arithmetic for grades 4-6 in Kazakh, Russian and English, generated from templates with a
 * seeded random source so every start of the demo produces the same tests. Four kinds: single choice, multiple
 * choice, numeric answer and short text.
 */
type Q = ImportQuiz['questions'][number];

/** mulberry32: a tiny seeded PRNG (demo content only, never for anything secret). */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const L = (kk: string, ru: string, en: string) => ({ kk, ru, en });

type Gen = (r: () => number, grade: number) => { text: ReturnType<typeof L>; answer: number };

const int = (r: () => number, lo: number, hi: number) => lo + Math.floor(r() * (hi - lo + 1));

const numericTemplates: Gen[] = [
  (r, g) => {
    const a = int(r, 12, 40 + g * 10), b = int(r, 3, 9 + g), c = int(r, 10, 99);
    return { text: L(`Есепте: ${a} × ${b} + ${c}`, `Вычислите: ${a} × ${b} + ${c}`, `Compute: ${a} × ${b} + ${c}`), answer: a * b + c };
  },
  (r, g) => {
    const n = int(r, 120, 300 + g * 50), m = int(r, 20, 60), k = int(r, 10, 50);
    return {
      text: L(
        `Дүкенде ${n} алма болды. Таңертең ${m}, түсте ${k} алма сатылды. Қанша алма қалды?`,
        `В магазине было ${n} яблок. Утром продали ${m}, днём ещё ${k}. Сколько яблок осталось?`,
        `A shop had ${n} apples. It sold ${m} in the morning and ${k} in the afternoon. How many apples are left?`,
      ),
      answer: n - m - k,
    };
  },
  (r) => {
    const a = int(r, 5, 30), b = int(r, 3, 20);
    return {
      text: L(
        `Тіктөртбұрыштың ұзындығы ${a} см, ені ${b} см. Оның периметрі неше сантиметр?`,
        `Длина прямоугольника ${a} см, ширина ${b} см. Чему равен его периметр в сантиметрах?`,
        `A rectangle is ${a} cm long and ${b} cm wide. What is its perimeter in centimetres?`,
      ),
      answer: 2 * (a + b),
    };
  },
  (r) => {
    const v = int(r, 8, 25), t = int(r, 2, 6);
    return {
      text: L(
        `Велосипедші сағатына ${v} км жылдамдықпен ${t} сағат жүрді. Ол неше километр жол жүрді?`,
        `Велосипедист ехал ${t} ч со скоростью ${v} км/ч. Какое расстояние он проехал (в км)?`,
        `A cyclist rode for ${t} hours at ${v} km/h. How many kilometres did the cyclist ride?`,
      ),
      answer: v * t,
    };
  },
  (r) => {
    const start = int(r, 1, 20), step = int(r, 2, 9);
    const seq = [0, 1, 2, 3].map((i) => start + i * step);
    return {
      text: L(
        `Тізбекті жалғастыр: ${seq.join(', ')}, ...`,
        `Продолжите последовательность: ${seq.join(', ')}, ...`,
        `Continue the sequence: ${seq.join(', ')}, ...`,
      ),
      answer: start + 4 * step,
    };
  },
  (r, g) => {
    const d = [2, 4, 5, 10][int(r, 0, 3)], n = d * int(r, 10, 30 + g * 5);
    const num = int(r, 1, d - 1);
    return {
      text: L(
        `${n} санының ${num}/${d} бөлігі неге тең?`,
        `Чему равны ${num}/${d} от числа ${n}?`,
        `What is ${num}/${d} of ${n}?`,
      ),
      answer: (n / d) * num,
    };
  },
  (r) => {
    const x = int(r, 15, 90), a = int(r, 10, 99);
    return { text: L(`Белгісіз санды тап: ${a} + x = ${a + x}`, `Найдите неизвестное: ${a} + x = ${a + x}`, `Find x: ${a} + x = ${a + x}`), answer: x };
  },
];

function choiceFrom(r: () => number, gen: Gen, grade: number): Q {
  const { text, answer } = gen(r, grade);
  const wrong = new Set<number>();
  while (wrong.size < 3) {
    const delta = int(r, 1, 12) * (r() < 0.5 ? -1 : 1);
    if (answer + delta !== answer && answer + delta >= 0) wrong.add(answer + delta);
  }
  const values = [answer, ...wrong].sort(() => r() - 0.5);
  return {
    kind: 'single', textKk: text.kk, textRu: text.ru, textEn: text.en, points: 0, accepted: null,
    options: values.map((v) => ({ textKk: String(v), textRu: String(v), textEn: String(v), isCorrect: v === answer })),
  };
}

function numericFrom(r: () => number, gen: Gen, grade: number): Q {
  const { text, answer } = gen(r, grade);
  return { kind: 'numeric', textKk: text.kk, textRu: text.ru, textEn: text.en, points: 0, options: [], accepted: { value: answer, tolerance: 0 } };
}

function divisibleBy(r: () => number): Q {
  const d = [3, 4, 6, 9][int(r, 0, 3)];
  const values = new Set<number>();
  while (values.size < 5) values.add(int(r, 100, 999));
  const list = [...values];
  if (!list.some((v) => v % d === 0)) list[int(r, 0, 4)] = d * int(r, 12, 110);
  return {
    kind: 'multiple',
    textKk: `Қай сандар ${d}-ке қалдықсыз бөлінеді? Барлығын таңдаңыз.`,
    textRu: `Какие числа делятся на ${d} без остатка? Выберите все.`,
    textEn: `Which numbers are divisible by ${d}? Choose all that are.`,
    points: 0, accepted: null,
    options: list.map((v) => ({ textKk: String(v), textRu: String(v), textEn: String(v), isCorrect: v % d === 0 })),
  };
}

const SHAPES = [
  { sides: 5, kk: 'бесбұрыш', ru: 'пятиугольник', en: 'pentagon' },
  { sides: 6, kk: 'алтыбұрыш', ru: 'шестиугольник', en: 'hexagon' },
  { sides: 8, kk: 'сегізбұрыш', ru: 'восьмиугольник', en: 'octagon' },
  { sides: 3, kk: 'үшбұрыш', ru: 'треугольник', en: 'triangle' },
];

function shapeName(r: () => number): Q {
  const s = SHAPES[int(r, 0, SHAPES.length - 1)];
  return {
    kind: 'text',
    textKk: `${s.sides} қабырғасы бар көпбұрыш қалай аталады? Бір сөзбен жазыңыз.`,
    textRu: `Как называется многоугольник с ${s.sides} сторонами? Напишите одним словом.`,
    textEn: `What is a polygon with ${s.sides} sides called? Answer in one word.`,
    points: 0, options: [], accepted: { texts: [s.kk, s.ru, s.en] },
  };
}

/**
 * One test of the 5-day challenge: `count` questions of `points` each. Test 1 is single choice, test 2 mixes
 * choices with numeric answers and a short text, test 3 is word problems with numeric and multiple-choice answers.
 */
export function dailyTest(grade: number, day: number, test: 1 | 2 | 3, count: number, points: number): ImportQuiz {
  const r = seededRandom(grade * 10_000 + day * 100 + test);
  const questions: Q[] = [];
  for (let i = 0; i < count; i++) {
    const gen = numericTemplates[(i + day + test) % numericTemplates.length];
    let q: Q;
    if (test === 1) q = choiceFrom(r, gen, grade);
    else if (test === 2) q = i === count - 1 ? shapeName(r) : i % 3 === 0 ? numericFrom(r, gen, grade) : choiceFrom(r, gen, grade);
    else q = i % 4 === 3 ? divisibleBy(r) : numericFrom(r, gen, grade);
    questions.push({ ...q, points });
  }
  const n = { 1: '1', 2: '2', 3: '3' }[test];
  return {
    titleKk: `${day}-күн, ${n}-тест (${grade}-сынып)`,
    titleRu: `День ${day}, тест ${n} (${grade} класс)`,
    titleEn: `Day ${day}, test ${n} (grade ${grade})`,
    durationSeconds: { 1: 20 * 60, 2: 30 * 60, 3: 30 * 60 }[test],
    shuffle: true,
    questions,
  };
}

/** Spec section 9: 10 x 5 + 15 x 8 + 10 x 10 = 270 points a day, 1350 in 5 days. */
export const DAILY_TESTS = [
  { test: 1, count: 10, points: 5 },
  { test: 2, count: 15, points: 8 },
  { test: 3, count: 10, points: 10 },
] as const;

export function dailyTests(grade: number, day: number): ImportQuiz[] {
  return DAILY_TESTS.map((t) => dailyTest(grade, day, t.test, t.count, t.points));
}
