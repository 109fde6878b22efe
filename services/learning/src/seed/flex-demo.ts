import { stableUuid } from '@olymp/server-kit';
import { DateTime } from 'luxon';
import type { EntityManager } from 'typeorm';
import { Course } from '../floor/course.entities';
import { CourseTariff, Enrolment, EnrolmentPeriod } from '../floor/enrolment.entities';
import { FlexChapter, FlexLesson } from '../floor/flex.entities';
import { ZONE } from '../floor/time';
import { DEMO_ENROLLED_PUPIL_PHONE } from './course-demo';

/** The demo rows' ids: the rule of `demoId` in demo-seeder.ts (which imports this file, so it is not imported back). */
const demoId = (key: string) => stableUuid(`olymp-demo:learning:${key}`);
const demoUser = (phone: string) => stableUuid(`olymp-demo:${phone}`);
export const DEMO_FLEX_COURSE = 'course:flex-fractions';

const text = (kk: string, ru: string, en: string) => ({ kk, ru, en });

/**
 * The demo flex (self-paced) course (issue 15): two chapters of lessons with text in three languages, the second
 * lesson of each chapter with a test; a one-month tariff in the store; the grade-5 demo pupil enrolled for the
 * current month (a seeded paid period), so the pupil's flex pages show lessons at once. `createQuiz` makes a test.
 */
export async function seedFlexDemo(m: EntityManager, now: Date, createQuiz: (m: EntityManager, chapter: number) => Promise<string>): Promise<number> {
  const id = demoId(DEMO_FLEX_COURSE);
  if (await m.existsBy(Course, { id })) return 0;
  await m.insert(Course, {
    id, kind: 'flex', published: true, position: 1, imageUrl: null,
    titleKk: 'Бөлшектер: өз қарқыныңмен', titleRu: 'Дроби в своём темпе', titleEn: 'Fractions at your own pace',
    descriptionKk: 'Қысқа сабақтар, түсіндірмелер және тесттер. Кез келген уақытта оқып, тоқтаған жерден жалғастырыңыз.',
    descriptionRu: 'Короткие уроки, объяснения и тесты. Учитесь когда удобно и продолжайте с того места, где остановились.',
    descriptionEn: 'Short lessons, explanations and tests. Study whenever it suits you and continue where you stopped.',
  });
  const tariffId = demoId(`${DEMO_FLEX_COURSE}:tariff:month`);
  await m.insert(CourseTariff, {
    id: tariffId, courseId: id, published: true, position: 0, priceTenge: 4900, priceZp: 0, periodMonths: 1,
    titleKk: '1 ай', titleRu: '1 месяц', titleEn: 'One month',
    includesKk: 'Барлық сабақтар мен тесттер\nӨз қарқыныңмен', includesRu: 'Все уроки и тесты\nВ своём темпе', includesEn: 'All lessons and tests\nAt your own pace',
  });
  const chapters = [
    {
      title: text('Бөлшек деген не', 'Что такое дробь', 'What a fraction is'),
      lessons: [
        {
          title: text('Жарты және ширек', 'Половина и четверть', 'Halves and quarters'),
          body: text(
            'Бөлшек — бүтіннің бөлігі. 1/2 — екі тең бөліктің біреуі, 1/4 — төрт тең бөліктің біреуі.',
            'Дробь — это часть целого. 1/2 — одна из двух равных частей, 1/4 — одна из четырёх равных частей.',
            'A fraction is a part of a whole. 1/2 is one of two equal parts, 1/4 is one of four equal parts.',
          ),
        },
        {
          title: text('Бөлшектерді салыстыру', 'Сравнение дробей', 'Comparing fractions'),
          body: text(
            'Алымдары бірдей болса, бөлімі кіші бөлшек үлкен: 1/3 > 1/5. Ережені оқып, тестті орындаңыз.',
            'При одинаковых числителях больше та дробь, у которой знаменатель меньше: 1/3 > 1/5. Прочитайте правило и пройдите тест.',
            'With equal numerators, the fraction with the smaller denominator is larger: 1/3 > 1/5. Read the rule, then take the test.',
          ),
          test: true,
        },
      ],
    },
    {
      title: text('Бөлшектерді қосу', 'Сложение дробей', 'Adding fractions'),
      lessons: [
        {
          title: text('Бөлімдері бірдей', 'Одинаковые знаменатели', 'Same denominators'),
          body: text(
            'Бөлімдері бірдей бөлшектерді қосқанда алымдарын қосамыз: 1/5 + 2/5 = 3/5.',
            'Чтобы сложить дроби с одинаковыми знаменателями, складываем числители: 1/5 + 2/5 = 3/5.',
            'To add fractions with the same denominator, add the numerators: 1/5 + 2/5 = 3/5.',
          ),
        },
        {
          title: text('Ортақ бөлім', 'Общий знаменатель', 'A common denominator'),
          body: text(
            'Бөлімдері әртүрлі болса, алдымен ортақ бөлімге келтіреміз: 1/2 + 1/3 = 3/6 + 2/6 = 5/6.',
            'Если знаменатели разные, сначала приводим к общему знаменателю: 1/2 + 1/3 = 3/6 + 2/6 = 5/6.',
            'With different denominators, first bring them to a common one: 1/2 + 1/3 = 3/6 + 2/6 = 5/6.',
          ),
          test: true,
        },
      ],
    },
  ];
  for (const [ci, ch] of chapters.entries()) {
    const chapterId = demoId(`${DEMO_FLEX_COURSE}:chapter:${ci}`);
    await m.insert(FlexChapter, { id: chapterId, courseId: id, position: ci, published: true, titleKk: ch.title.kk, titleRu: ch.title.ru, titleEn: ch.title.en });
    for (const [li, l] of ch.lessons.entries()) {
      await m.insert(FlexLesson, {
        id: demoId(`${DEMO_FLEX_COURSE}:lesson:${ci}:${li}`), chapterId, position: li, published: true, points: 10,
        titleKk: l.title.kk, titleRu: l.title.ru, titleEn: l.title.en, bodyKk: l.body.kk, bodyRu: l.body.ru, bodyEn: l.body.en,
        quizId: 'test' in l ? await createQuiz(m, ci) : null,
      });
    }
  }
  const pupil = demoUser(DEMO_ENROLLED_PUPIL_PHONE);
  const accessUntil = DateTime.fromJSDate(now, { zone: ZONE }).plus({ months: 1 }).toJSDate();
  const enrolmentId = demoId(`${DEMO_FLEX_COURSE}:enrolment:${DEMO_ENROLLED_PUPIL_PHONE}`);
  await m.insert(Enrolment, { id: enrolmentId, userId: pupil, courseId: id, tariffId, groupId: null, accessUntil, renew: true, lapsedAt: null });
  await m.insert(EnrolmentPeriod, {
    id: demoId(`${DEMO_FLEX_COURSE}:period:${DEMO_ENROLLED_PUPIL_PHONE}:1`), enrolmentId, tariffId, kind: 'first', status: 'paid', invoiceId: null,
    amountTenge: 4900, amountZp: 0, startsAt: now, endsAt: accessUntil, paidAt: now,
  });
  return 1;
}
