import { Injectable } from '@nestjs/common';
import { Clock, EventOutbox, RpcClient, stableUuid } from '@olymp/server-kit';
import { DateTime } from 'luxon';
import type { EntityManager } from 'typeorm';
import { ConsultationSlot, CourseNewsPost, CourseTerms } from '../floor/course-pages.entities';
import { Course, CourseGroup, CourseModule, GroupMember, Homework, Lesson } from '../floor/course.entities';
import { CourseTariff, Enrolment, EnrolmentPeriod } from '../floor/enrolment.entities';
import { ZONE } from '../floor/time';
import { GroupMembership } from '../courses/group-membership';

/** The demo rows' ids: the rule of `demoId` in demo-seeder.ts (which imports this file, so it is not imported back). */
const demoId = (key: string) => stableUuid(`olymp-demo:learning:${key}`);
/** A demo person's id: auth's rule (`demoUserId`), which learning may not import (one service, one package). */
const demoUser = (phone: string) => stableUuid(`olymp-demo:${phone}`);
/** The demo teacher (the content maker) and the pupil who has bought the course already. */
export const DEMO_TEACHER_PHONE = '+77000000010';
export const DEMO_ENROLLED_PUPIL_PHONE = '+77000000105';
export const DEMO_PREP_COURSE = 'course:district-preparation';
/** The demo teacher's name as auth's reference data has it (the rows keep names for staff screens). */
const DEMO_TEACHER_NAME = 'Дана Контентова';
/** Public names ("Aigerim S.") of the demo teacher and pupil for the group's chat (auth's reference data). */
const DEMO_PUBLIC_NAMES = { teacher: 'Дана К.', pupil: 'Айгерім Б.' } as const;

/**
 * The paid preparation course of spec section 1: 10,500 tenge for one month, two live sessions a week (one of them
 * today at 19:00 Almaty), recordings kept 60 days; a group with the demo teacher; the grade-5 demo pupil enrolled
 * for the current month (paid period without an invoice: a seed), the others free to buy it in the store.
 */
@Injectable()
export class CourseDemoSeeder {
  constructor(
    private readonly clock: Clock,
    private readonly outbox: EventOutbox,
    private readonly rpc: RpcClient,
  ) {}

  async seed(m: EntityManager): Promise<number> {
    const created = await this.course(m);
    await this.pages(m);
    await this.homework(m);
    return created;
  }

  private async course(m: EntityManager): Promise<number> {
    const id = demoId(DEMO_PREP_COURSE);
    if (await m.existsBy(Course, { id })) return 0;
    await m.insert(Course, {
      id, kind: 'live', published: true, position: 0, imageUrl: null,
      titleKk: 'Аудандық кезеңге дайындық курсы', titleRu: 'Курс подготовки к районному этапу', titleEn: 'District stage preparation course',
      descriptionKk: 'Бір айлық ақылы курс: аптасына екі тікелей сабақ, жазбалар 60 күн сақталады, практикалық тапсырмалар және сұрақ-жауап сессиялары.',
      descriptionRu: 'Платный месячный курс: два живых занятия в неделю, записи доступны 60 дней, практические задания и сессии вопросов и ответов.',
      descriptionEn: 'A paid one-month course: two live sessions a week, recordings available for 60 days, practice tasks and question sessions.',
    });
    const modules = [
      { kk: 'Сандар мен амалдар', ru: 'Числа и действия', en: 'Numbers and operations' },
      { kk: 'Мәтінді есептер', ru: 'Текстовые задачи', en: 'Word problems' },
      { kk: 'Геометрия негіздері', ru: 'Основы геометрии', en: 'Geometry basics' },
      { kk: 'Олимпиадалық логика', ru: 'Олимпиадная логика', en: 'Olympiad logic' },
    ];
    for (const [i, t] of modules.entries()) {
      await m.insert(CourseModule, { id: demoId(`${DEMO_PREP_COURSE}:module:${i}`), courseId: id, position: i, titleKk: t.kk, titleRu: t.ru, titleEn: t.en });
    }
    const tariffId = demoId(`${DEMO_PREP_COURSE}:tariff:month`);
    await m.insert(CourseTariff, {
      id: tariffId, courseId: id, published: true, position: 0, priceTenge: 10500, priceZp: 0, periodMonths: 1,
      titleKk: '1 ай', titleRu: '1 месяц', titleEn: 'One month',
      includesKk: 'Аптасына 2 тікелей сабақ\nЖазбалар 60 күн\nПрактикалық тапсырмалар\nСұрақ-жауап сессиялары',
      includesRu: '2 живых занятия в неделю\nЗаписи на 60 дней\nПрактические задания\nСессии вопросов и ответов',
      includesEn: '2 live sessions a week\nRecordings for 60 days\nPractice tasks\nQuestion sessions',
    });
    const groupId = demoId(`${DEMO_PREP_COURSE}:group:1`);
    await m.insert(CourseGroup, { id: groupId, courseId: id, name: 'Топ 1 / Group 1', capacity: 30, meetingUrl: 'https://meet.example.kz/prep-1', published: true });
    const now = this.clock.now();
    await m.insert(GroupMember, { groupId, userId: demoUser(DEMO_TEACHER_PHONE), role: 'teacher', addedAt: now });
    // Two sessions a week for a month, the first today at 19:00 in Almaty.
    const today = DateTime.fromJSDate(now, { zone: ZONE }).set({ hour: 19, minute: 0, second: 0, millisecond: 0 });
    for (const [i, day] of [0, 3, 7, 10, 14, 17, 21, 24, 28].entries()) {
      const t = modules[Math.min(modules.length - 1, Math.floor(i / 2.5))];
      await m.insert(Lesson, {
        id: demoId(`${DEMO_PREP_COURSE}:lesson:${i}`), groupId, moduleId: demoId(`${DEMO_PREP_COURSE}:module:${modules.indexOf(t)}`),
        titleKk: `${i + 1}-сабақ: ${t.kk}`, titleRu: `Занятие ${i + 1}: ${t.ru}`, titleEn: `Session ${i + 1}: ${t.en}`,
        startsAt: today.plus({ days: day }).toJSDate(), durationMinutes: 90, kind: 'live', recordingUrl: null,
      });
    }
    const pupil = demoUser(DEMO_ENROLLED_PUPIL_PHONE);
    const accessUntil = DateTime.fromJSDate(now, { zone: ZONE }).plus({ months: 1 }).toJSDate();
    const enrolmentId = demoId(`${DEMO_PREP_COURSE}:enrolment:${DEMO_ENROLLED_PUPIL_PHONE}`);
    await m.insert(Enrolment, { id: enrolmentId, userId: pupil, courseId: id, tariffId, groupId, accessUntil, renew: true, lapsedAt: null });
    await m.insert(EnrolmentPeriod, {
      id: demoId(`${DEMO_PREP_COURSE}:period:${DEMO_ENROLLED_PUPIL_PHONE}:1`), enrolmentId, tariffId, kind: 'first', status: 'paid', invoiceId: null,
      amountTenge: 10500, amountZp: 0, startsAt: now, endsAt: accessUntil, paidAt: now,
    });
    await m.insert(GroupMember, { groupId, userId: pupil, role: 'pupil', addedAt: now });
    // The group's chat (docs/chat.md) learns its teacher and pupil as from any other change of the group's people.
    // Names are written, not asked of auth: the seed runs at boot, when auth may not answer yet.
    const teacher = demoUser(DEMO_TEACHER_PHONE);
    await new GroupMembership(this.outbox, this.rpc, this.clock).announce(
      m, groupId, [{ userId: teacher, role: 'teacher' }, { userId: pupil, role: 'pupil' }], true,
      new Map([[teacher, DEMO_PUBLIC_NAMES.teacher], [pupil, DEMO_PUBLIC_NAMES.pupil]]),
    );
    return 1;
  }

  /**
   * The flex demo course's own chat (docs/chat.md, kind `course`) learns its enrolled demo pupil, as a paid period
   * would tell it. Called once, when the flex demo was just created (flex-demo.ts).
   */
  async flexChat(m: EntityManager, courseId: string): Promise<void> {
    const c = await m.findOneByOrFail(Course, { id: courseId });
    await this.outbox.add(m, 'learning.membership.changed', {
      group: { kind: 'course', id: courseId },
      userId: demoUser(DEMO_ENROLLED_PUPIL_PHONE),
      name: DEMO_PUBLIC_NAMES.pupil,
      role: 'pupil',
      title: { kk: c.titleKk, ru: c.titleRu, en: c.titleEn },
      active: true,
      at: this.clock.now().toISOString(),
    });
  }

  /**
   * The course pages' demo (docs/course-pages.md): terms to accept before the first lesson, one news post from the
   * teacher and two free consultation times (tomorrow and the day after, 16:00 Almaty). Added once, also to a
   * database seeded before the pages existed.
   */
  private async pages(m: EntityManager): Promise<void> {
    const courseId = demoId(DEMO_PREP_COURSE);
    const termsId = demoId(`${DEMO_PREP_COURSE}:terms:1`);
    if (!(await m.existsBy(Course, { id: courseId })) || (await m.existsBy(CourseTerms, { id: termsId }))) return;
    const groupId = demoId(`${DEMO_PREP_COURSE}:group:1`);
    const now = this.clock.now();
    await m.insert(CourseTerms, {
      id: termsId, courseId, version: 1, createdByName: DEMO_TEACHER_NAME, createdAt: now,
      textKk: 'Сабаққа уақытында қосыламын, камераны қосамын және басқаларды құрметтеймін.\nҮй тапсырмаларын келесі сабаққа дейін орындаймын.\nСабақ жазбалары тек өзім үшін: оларды ешкімге таратпаймын.',
      textRu: 'Я подключаюсь к урокам вовремя, включаю камеру и уважаю других.\nДелаю домашние задания до следующего урока.\nЗаписи уроков — только для меня: я никому их не передаю.',
      textEn: 'I join lessons on time, turn my camera on and respect others.\nI do my homework before the next lesson.\nLesson recordings are for me only: I do not share them.',
    });
    await m.insert(CourseNewsPost, {
      id: demoId(`${DEMO_PREP_COURSE}:news:1`), groupId, authorName: DEMO_TEACHER_NAME, createdAt: now, linkUrl: null,
      textKk: 'Қош келдіңіз! Бүгін 19:00-де алғашқы сабақ. Дәптер мен қалам дайындап қойыңыз.',
      textRu: 'Добро пожаловать! Сегодня в 19:00 первое занятие. Приготовьте тетрадь и ручку.',
      textEn: 'Welcome! The first session is today at 19:00. Have a notebook and a pen ready.',
    });
    const day = DateTime.fromJSDate(now, { zone: ZONE }).set({ hour: 16, minute: 0, second: 0, millisecond: 0 });
    for (const i of [1, 2]) {
      const startsAt = day.plus({ days: i });
      await m.insert(ConsultationSlot, {
        id: demoId(`${DEMO_PREP_COURSE}:consultation:${i}`), groupId, startsAt: startsAt.toJSDate(), endsAt: startsAt.plus({ minutes: 30 }).toJSDate(),
        teacherName: DEMO_TEACHER_NAME, bookedBy: null, bookedByName: null, bookedAt: null, createdAt: now,
      });
    }
  }

  /**
   * Homework (docs/learning.md "Homework"): an introductory session three days before the seed, and one task on it
   * due in four days, so a newcomer sees the pupil hand in a photo or a file and the teacher open and grade it. Added
   * once, also to a database seeded before homework had a demo.
   */
  private async homework(m: EntityManager): Promise<void> {
    const groupId = demoId(`${DEMO_PREP_COURSE}:group:1`);
    const homeworkId = demoId(`${DEMO_PREP_COURSE}:homework:1`);
    if (!(await m.existsBy(CourseGroup, { id: groupId })) || (await m.existsBy(Homework, { id: homeworkId }))) return;
    const now = this.clock.now();
    const day = DateTime.fromJSDate(now, { zone: ZONE }).set({ hour: 19, minute: 0, second: 0, millisecond: 0 });
    const lessonId = demoId(`${DEMO_PREP_COURSE}:lesson:intro`);
    await m.insert(Lesson, {
      id: lessonId, groupId, moduleId: demoId(`${DEMO_PREP_COURSE}:module:0`),
      titleKk: 'Кіріспе сабақ', titleRu: 'Вводное занятие', titleEn: 'Introductory session',
      startsAt: day.minus({ days: 3 }).toJSDate(), durationMinutes: 60, kind: 'live', recordingUrl: null,
    });
    await m.insert(Homework, {
      id: homeworkId, lessonId, title: 'Кіріспе: 1-5 есептер / Вводное: задачи 1-5 / Intro: problems 1-5',
      text: 'Шығарып, дәптердің суретін немесе PDF файлын жіберіңіз.\nРешите и пришлите фото тетради или PDF.\nSolve them and hand in a photo of your notebook or a PDF.',
      dueAt: day.plus({ days: 4 }).set({ hour: 20 }).toJSDate(), maxPoints: 10, createdBy: demoUser(DEMO_TEACHER_PHONE), createdAt: now,
    });
  }
}
