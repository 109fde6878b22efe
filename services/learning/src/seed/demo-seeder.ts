import { Inject, Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { DateTime } from 'luxon';
import { Clock, KIT_CONFIG, KIT_LOGGER, type KitConfig, stableUuid } from '@olymp/server-kit';
import type { Logger } from 'pino';
import { Challenge } from '../floor/challenge.entities';
import { ChallengeAdmin } from '../challenges/challenge-admin.service';
import { Training, TrainingChapter, TrainingSubchapter } from '../floor/training.entities';
import { QuizType } from '../floor/quiz.entities';
import { Treasure } from '../floor/treasure.entities';
import { ZONE } from '../floor/time';
import { ContentSeeder } from '../content/content.seeder';
import { dailyTest, dailyTests } from './math-questions';
import { seedDemoLibrary } from './library-demo';
import { CourseDemoSeeder } from './course-demo';
import { DEMO_FLEX_COURSE, seedFlexDemo } from './flex-demo';

/** Stable ids for demo rows, so a restart finds what an earlier start created. */
export function demoId(key: string): string {
  return stableUuid(`olymp-demo:learning:${key}`);
}

export const DEMO_CHALLENGE_GRADES = [4, 5, 6] as const;

/**
 * Demo content when SEED_DEMO is on (never in production): the 5-day challenge for grades 4, 5 and 6, running now
 * (day 1 opened at the start of the current hour in Almaty, a day every 24 hours), one paid challenge that starts
 * tomorrow, one published training with hearts, and a published library (arithmetic for grade 5, geometry for grade 7). Created once; later starts leave it as staff changed it.
 */
@Injectable()
export class DemoSeeder implements OnApplicationBootstrap {
  constructor(
    private readonly ds: DataSource,
    private readonly admin: ChallengeAdmin,
    private readonly content: ContentSeeder,
    private readonly clock: Clock,
    private readonly courses: CourseDemoSeeder,
    @Inject(KIT_CONFIG) private readonly config: KitConfig,
    @Inject(KIT_LOGGER) private readonly logger: Logger,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    if (!this.config.SEED_DEMO) return;
    await this.content.onApplicationBootstrap(); // quiz types first, whichever hook Nest runs first
    await this.ds.transaction(async (m) => {
      await m.query('SELECT pg_advisory_xact_lock(hashtext($1))', ['learning:demo-seed']);
      const dayOne = DateTime.fromJSDate(this.clock.now(), { zone: ZONE }).startOf('hour');
      let created = 0;
      for (const grade of DEMO_CHALLENGE_GRADES) created += await this.fiveDay(m, grade, dayOne);
      created += await this.paid(m, dayOne.plus({ days: 1 }).set({ hour: 9 }));
      created += await this.training(m);
      created += await seedDemoLibrary(m, demoId);
      created += await this.courses.seed(m);
      const flex = await seedFlexDemo(m, this.clock.now(), async (t, chapter) => {
        const typeId = (await t.findOneBy(QuizType, { code: 'training' }))?.id ?? null;
        return this.admin.createQuiz(t, { ...dailyTest(5, 30 + chapter, 1, 4, 5), durationSeconds: 10 * 60 }, typeId);
      });
      if (flex) await this.courses.flexChat(m, demoId(DEMO_FLEX_COURSE));
      created += flex;
      if (created) this.logger.info({ created }, 'demo learning content seeded');
    });
  }

  private async fiveDay(m: EntityManager, grade: number, dayOne: DateTime): Promise<number> {
    const id = demoId(`five-day:${grade}`);
    if (await m.existsBy(Challenge, { id })) return 0;
    await m.insert(Challenge, {
      id,
      titleKk: `5 күндік математика челленджі — ${grade}-сынып`,
      titleRu: `5-дневный математический челлендж — ${grade} класс`,
      titleEn: `5-day math challenge — grade ${grade}`,
      descriptionKk: 'Күн сайын үш тест: 10 × 5, 15 × 8 және 10 × 10 ұпай. Күніне 270 ұпай, бес күнде 1350.',
      descriptionRu: 'Каждый день три теста: 10 × 5, 15 × 8 и 10 × 10 баллов. 270 баллов в день, 1350 за пять дней.',
      descriptionEn: 'Three tests a day: 10 × 5, 15 × 8 and 10 × 10 points. 270 points a day, 1350 over five days.',
      grade,
      startsAt: dayOne.toJSDate(),
      endsAt: dayOne.plus({ days: 5 }).toJSDate(),
      published: true,
      rewardKk: 'Бас жүлде — Сингапурға отбасылық саяхат', rewardRu: 'Главный приз — семейная поездка в Сингапур', rewardEn: 'Grand prize: a family trip to Singapore',
      position: grade,
    });
    const [dayOneCheckpoint] = await this.admin.import(null, id, {
      checkpoints: [1, 2, 3, 4, 5].map((day) => ({
        day,
        titleKk: `${day}-күн`, titleRu: `День ${day}`, titleEn: `Day ${day}`,
        opensAt: dayOne.plus({ days: day - 1 }).toJSDate(),
        quizzes: dailyTests(grade, day),
      })),
    }, m);
    // The first day's treasure opens once the pupil has finished every test of day 1 (its guard).
    await m.insert(Treasure, {
      id: demoId(`five-day:${grade}:treasure:1`), boardKind: 'challenge', boardId: id, checkpointId: dayOneCheckpoint.checkpointId,
      titleKk: 'Бірінші күннің қазынасы', titleRu: 'Сокровище первого дня', titleEn: 'First day treasure', rewardXp: 20, rewardZp: 10, rewardAltynSaqa: 0,
    });
    return 1;
  }

  private async paid(m: EntityManager, opens: DateTime): Promise<number> {
    const id = demoId('paid-marathon');
    if (await m.existsBy(Challenge, { id })) return 0;
    await m.insert(Challenge, {
      id,
      titleKk: 'Аудандық кезеңге дайындық марафоны', titleRu: 'Марафон подготовки к районному этапу', titleEn: 'District stage preparation marathon',
      descriptionKk: 'Үш күн, күн сайын бір тест.', descriptionRu: 'Три дня, каждый день один тест.', descriptionEn: 'Three days, one test a day.',
      grade: null, startsAt: opens.toJSDate(), endsAt: opens.plus({ days: 3 }).toJSDate(), published: true, priceTenge: 2000, priceZp: 500, position: 10,
    });
    await this.admin.import(null, id, {
      checkpoints: [1, 2, 3].map((day) => ({
        day, titleKk: `${day}-күн`, titleRu: `День ${day}`, titleEn: `Day ${day}`, opensAt: opens.plus({ days: day - 1 }).toJSDate(),
        quizzes: [dailyTest(5, 10 + day, 3, 10, 10)],
      })),
    }, m);
    return 1;
  }

  private async training(m: EntityManager): Promise<number> {
    const id = demoId('training:fractions');
    if (await m.existsBy(Training, { id })) return 0;
    const typeId = (await m.findOneBy(QuizType, { code: 'training' }))?.id ?? null;
    await m.insert(Training, {
      id,
      titleKk: 'Бөлшектер мен пайыздар', titleRu: 'Дроби и проценты', titleEn: 'Fractions and percentages',
      descriptionKk: 'Қадам-қадаммен жаттығу: әр бөлімнің соңында тест.', descriptionRu: 'Пошаговая тренировка: в конце каждого раздела тест.',
      descriptionEn: 'Step-by-step practice: a test at the end of each part.',
      grade: null, published: true, tryNumber: 3, heartsMax: 5, heartResetMinutes: 60,
    });
    const chapters = [
      { kk: 'Бөлшектер', ru: 'Дроби', en: 'Fractions' },
      { kk: 'Пайыздар', ru: 'Проценты', en: 'Percentages' },
    ];
    for (const [ci, ch] of chapters.entries()) {
      const chapterId = demoId(`training:fractions:chapter:${ci}`);
      await m.insert(TrainingChapter, { id: chapterId, trainingId: id, position: ci, titleKk: ch.kk, titleRu: ch.ru, titleEn: ch.en });
      for (const si of [0, 1]) {
        const quizId = await this.admin.createQuiz(m, { ...dailyTest(5, 20 + ci * 2 + si, 2, 6, 5), durationSeconds: 15 * 60 }, typeId);
        await m.insert(TrainingSubchapter, {
          id: demoId(`training:fractions:sub:${ci}:${si}`), chapterId, trainingId: id, position: si,
          titleKk: `${ch.kk}: ${si + 1}-сабақ`, titleRu: `${ch.ru}: урок ${si + 1}`, titleEn: `${ch.en}: lesson ${si + 1}`,
          contentKk: 'Ережені оқып, мысалдарды қарап шығыңыз, содан кейін тестті орындаңыз.',
          contentRu: 'Прочитайте правило, разберите примеры, затем пройдите тест.',
          contentEn: 'Read the rule, work through the examples, then take the test.',
          quizId,
        });
      }
    }
    return 1;
  }
}
