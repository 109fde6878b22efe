/**
 * The demo a newcomer plays at once (issue 4): with SEED_DEMO on, the 5-day challenge exists for grades 4, 5 and 6,
 * day 1 is open now, each day holds 10 x 5 + 15 x 8 + 10 x 10 = 270 points (1350 in five days) in three languages;
 * a paid challenge, a training, a library and a flex course (two chapters, the demo pupil enrolled) exist too, the
 * preparation course has terms, a news post and two consultation times, and its group's chat is told its teacher and
 * pupil (membership facts in the outbox, public names); a second start adds nothing; the demo grade-5 pupil can join and play;
 * the first day's treasure opens only once day 1's tests are finished, and is claimed once.
 */
import { demoUserId } from '@olymp/auth';
import { startLearning } from '@olymp/learning';
import { ROLE } from '@olymp/proto';
import { testToken } from '@olymp/server-kit/testing';
import { demoId } from '../src/seed/demo-seeder';
import { PRECHECKS, learningStack } from './support';

describe('demo content', () => {
  const s = learningStack();

  beforeAll(() => s.start({ SEED_DEMO: 'true' }));
  afterAll(() => s.stop());

  it('lists the three 5-day challenges (running now) and a paid one', async () => {
    const list = await s.http().get('/api/challenges-all').set('X-Locale', 'en');
    expect(list.status).toBe(200);
    const rows = list.body.data as { grade: number | null; status: string; paid: boolean; title: { en: string; kk: string; ru: string } }[];
    const fiveDay = rows.filter((r) => r.title.en.startsWith('5-day'));
    expect(fiveDay.map((r) => [r.grade, r.status, r.paid])).toEqual([[4, 'ongoing', false], [5, 'ongoing', false], [6, 'ongoing', false]]);
    expect(fiveDay[1].title.kk).toContain('5 күндік');
    expect(rows.filter((r) => r.paid).map((r) => r.status)).toEqual(['planned']);
  });

  it('seeds a flex course with two chapters that the demo grade-5 pupil studies at once, and others see in the store', async () => {
    const pupil = `Bearer ${await testToken({ roleId: ROLE.student, userId: demoUserId('+77000000105') })}`;
    const id = demoId('course:flex-fractions');
    const page = await s.http().get(`/api/flex-courses/${id}`).set('Authorization', pupil);
    expect(page.status).toBe(200);
    expect(page.body.data).toMatchObject({ access: true, title: { en: 'Fractions at your own pace' }, progress: { lessonsDone: 0, lessonsTotal: 4 } });
    expect(page.body.data.chapters.map((c: { lessons: { hasTest: boolean }[] }) => c.lessons.map((l) => l.hasTest))).toEqual([[false, true], [false, true]]);
    expect(page.body.data.progress.next.title.ru).toBe('Половина и четверть');
    const store = await s.http().get('/api/store/courses?tab=flex');
    expect(store.body.data).toEqual([expect.objectContaining({ id, kind: 'flex', priceTenge: 4900 })]);
  });

  it('gives the demo preparation course terms to accept, a news post and two free consultation times', async () => {
    const pupil = `Bearer ${await testToken({ roleId: ROLE.student, userId: demoUserId('+77000000105') })}`;
    const courseId = demoId('course:district-preparation');
    const groupId = demoId('course:district-preparation:group:1');
    const terms = await s.http().get(`/api/courses/${courseId}/agreement`).set('Authorization', pupil);
    expect(terms.body.data).toMatchObject({ current: { version: 1 }, acceptedVersion: null, mustAccept: true });
    expect(terms.body.data.current.text.ru).toContain('вовремя');
    const news = await s.http().get(`/api/groups/${groupId}/news`).set('Authorization', pupil);
    expect(news.body.data).toEqual([expect.objectContaining({ author: 'Дана К.', text: expect.objectContaining({ en: expect.stringContaining('Welcome') }) })]);
    const slots = await s.http().get(`/api/groups/${groupId}/consultation-slots`).set('Authorization', pupil);
    expect(slots.body.data.map((x: { state: string; teacher: string }) => [x.state, x.teacher])).toEqual([['free', 'Дана К.'], ['free', 'Дана К.']]);
  });

  it('gives the demo group a homework task on a past lesson for the demo pupil to hand in', async () => {
    const pupil = `Bearer ${await testToken({ roleId: ROLE.student, userId: demoUserId('+77000000105') })}`;
    const mine = await s.http().get('/api/my-homework').set('Authorization', pupil);
    const task = (mine.body.data as { groupId: string; title: string; lessonId: string; dueAt: string; mine: unknown }[])
      .find((h) => h.groupId === demoId('course:district-preparation:group:1'));
    expect(task).toMatchObject({ title: expect.stringContaining('Intro'), mine: null });
    const [lesson] = await s.sql<{ starts_at: Date }>('SELECT starts_at FROM {learning}.lessons WHERE id = $1', [task?.lessonId]);
    expect(lesson.starts_at.getTime()).toBeLessThan(Date.now());
    expect(Date.parse(task?.dueAt ?? '')).toBeGreaterThan(Date.now());
  });

  it('opens day 1 now with 270 points a day and 1350 in five days, in three languages', async () => {
    const list = await s.http().get('/api/challenges-all?grade=5');
    const id = (list.body.data as { id: string; grade: number }[]).find((c) => c.grade === 5)?.id as string;
    const page = await s.http().get(`/api/challenges-all/${id}`);
    const days = page.body.data.checkpoints as { state: string; quizzes: { maxPoints: number; questionCount: number; title: Record<string, string> }[] }[];
    expect(days.map((d) => d.state)).toEqual(['open', 'upcoming', 'upcoming', 'upcoming', 'upcoming']);
    for (const d of days) {
      expect(d.quizzes.map((q) => [q.questionCount, q.maxPoints])).toEqual([[10, 50], [15, 120], [10, 100]]);
    }
    expect(days.reduce((sum, d) => sum + d.quizzes.reduce((x, q) => x + q.maxPoints, 0), 0)).toBe(1350);
    const texts = await s.sql<{ text_kk: string; text_ru: string; text_en: string }>('SELECT text_kk, text_ru, text_en FROM {learning}.questions LIMIT 50');
    for (const t of texts) {
      expect(t.text_kk).not.toBe(t.text_en);
      expect(t.text_ru).toMatch(/[а-яё]/i);
    }
    const board = await s.http().get(`/api/challenges/${id}/leaderboard`);
    expect(board.body.maxPoints).toBe(1350);
  });

  it('lets the demo grade-5 pupil join and start day 1 at once', async () => {
    const pupilId = demoUserId('+77000000105');
    const token = `Bearer ${await testToken({ roleId: ROLE.student, userId: pupilId })}`;
    const list = await s.http().get('/api/challenges-all');
    const id = (list.body.data as { id: string; grade: number }[]).find((c) => c.grade === 5)?.id as string;
    expect((await s.http().post(`/api/users/${pupilId}/challenges/${id}`).set('Authorization', token).send({})).status).toBe(201);
    const page = await s.http().get(`/api/challenges-all/${id}`).set('Authorization', token);
    const quizId = page.body.data.checkpoints[0].quizzes[0].id as string;
    const started = await s.http().post(`/api/users/${pupilId}/quizzes/${quizId}/start`).set('Authorization', token).send({ prechecks: PRECHECKS });
    expect(started.status).toBe(201);
    expect(started.body.data.questions).toHaveLength(10);
    expect(started.body.data.attempt.remainingSeconds).toBe(20 * 60);
  });

  it('guards the first day treasure by day 1: refused before its tests are finished, claimed once after', async () => {
    const p = await s.pupil(5);
    const list = await s.http().get('/api/challenges-all?grade=5');
    const id = (list.body.data as { id: string; grade: number }[]).find((c) => c.grade === 5)?.id as string;
    const treasureId = demoId('five-day:5:treasure:1');
    const claim = () => s.http().post(`/api/treasures/${treasureId}/claim`).set('Authorization', p.token).set('X-Locale', 'en');
    const claims = async () => Number((await s.sql<{ n: string }>('SELECT COUNT(*) AS n FROM {learning}.treasure_claims WHERE user_id = $1', [p.id]))[0].n);
    expect((await s.http().post(`/api/users/${p.id}/challenges/${id}`).set('Authorization', p.token).send({})).status).toBe(201);

    const early = await claim();
    expect(early.status).toBe(409);
    expect(early.body).toMatchObject({ code: 'TREASURE_LOCKED', message: 'This treasure opens after you finish the tests before it.' });
    expect((await claim().set('X-Locale', 'ru')).body.message).toBe('Это сокровище откроется после прохождения предыдущих тестов.');

    const page = await s.http().get(`/api/challenges-all/${id}`).set('Authorization', p.token);
    const [day1] = page.body.data.checkpoints as { id: string; quizzes: { id: string }[] }[];
    expect(day1.quizzes).toHaveLength(3);
    for (const [i, quiz] of day1.quizzes.entries()) {
      const started = await s.http().post(`/api/users/${p.id}/quizzes/${quiz.id}/start`).set('Authorization', p.token).send({ checkpoint: day1.id, prechecks: PRECHECKS });
      expect(started.status).toBe(201);
      const finished = await s.http().post(`/api/users/${p.id}/quizzes/${quiz.id}/finish`).set('Authorization', p.token).send({ checkpoint: day1.id });
      expect(finished.status).toBe(200);
      // Two of three tests finished is not enough.
      if (i === 1) expect((await claim()).body.code).toBe('TREASURE_LOCKED');
    }
    expect(await claims()).toBe(0);

    const claimed = await claim();
    expect(claimed.status).toBe(200);
    expect(claimed.body.data).toMatchObject({ treasureId, reward: { xp: 20, zp: 10, altynSaqa: 0 } });
    const again = await claim();
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('TREASURE_ALREADY_CLAIMED');
    expect(await claims()).toBe(1);
  });

  it('has a published library to study: arithmetic for grade 5 and geometry for grade 7, found by a Kazakh word', async () => {
    const list = await s.http().get('/api/library/published').set('X-Locale', 'kk');
    expect(list.status).toBe(200);
    const rows = list.body.data as { id: string; grade: number; title: { kk: string }; chapterCount: number; cardCount: number }[];
    expect(rows.map((r) => [r.grade, r.title.kk, r.chapterCount, r.cardCount])).toEqual([
      [5, 'Математика — 5-сынып', 2, 13],
      [7, 'Геометрия — 7-сынып', 1, 3],
    ]);
    const found = await s.http().get(`/api/library/search?q=${encodeURIComponent('көбейту')}`);
    expect(found.status).toBe(200);
    expect((found.body.data.chapters as { title: { ru: string } }[]).map((c) => c.title.ru)).toEqual(['Таблица умножения']);
    const page = await s.http().get(`/api/library/published/${rows[0].id}`);
    expect(page.status).toBe(200);
    expect(page.body.data.collections).toHaveLength(1);
  });

  it("tells chat the preparation course group's teacher and pupil (learning.membership.changed, public names)", async () => {
    const rows = await s.sql<{ payload: Record<string, unknown> }>(
      "SELECT payload FROM {learning}.outbox WHERE subject = 'learning.membership.changed' AND payload->'group'->>'id' = $1 ORDER BY id",
      [demoId('course:district-preparation:group:1')],
    );
    expect(rows.map((r) => r.payload).sort((a, b) => String(a.role).localeCompare(String(b.role)))).toEqual([
      expect.objectContaining({ group: { kind: 'course_group', id: demoId('course:district-preparation:group:1') }, userId: demoUserId('+77000000105'), name: 'Айгерім Б.', role: 'pupil', active: true }),
      expect.objectContaining({ userId: demoUserId('+77000000010'), name: 'Дана К.', role: 'teacher', active: true, title: expect.objectContaining({ ru: 'Курс подготовки к районному этапу · Топ 1 / Group 1' }) }),
    ]);
  });

  it("tells the flex demo course's chat its enrolled pupil (kind course)", async () => {
    const rows = await s.sql<{ payload: Record<string, unknown> }>(
      "SELECT payload FROM {learning}.outbox WHERE subject = 'learning.membership.changed' AND payload->'group'->>'kind' = 'course'",
    );
    expect(rows.map((r) => r.payload)).toEqual([
      expect.objectContaining({ group: { kind: 'course', id: demoId('course:flex-fractions') }, userId: demoUserId('+77000000105'), name: 'Айгерім Б.', active: true }),
    ]);
  });

  it('adds nothing on a second start', async () => {
    const count = async () => (await s.sql<{ n: string }>('SELECT (SELECT COUNT(*) FROM {learning}.outbox WHERE subject = \'learning.membership.changed\') + (SELECT COUNT(*) FROM {learning}.challenges) + (SELECT COUNT(*) FROM {learning}.quizzes) + (SELECT COUNT(*) FROM {learning}.trainings) + (SELECT COUNT(*) FROM {learning}.library_cards) + (SELECT COUNT(*) FROM {learning}.course_terms) + (SELECT COUNT(*) FROM {learning}.course_news_posts) + (SELECT COUNT(*) FROM {learning}.consultation_slots) AS n'))[0].n;
    const before = await count();
    const again = await startLearning(s.ns.envFor('learning', { SEED_DEMO: 'true' }));
    await again.close();
    expect(await count()).toBe(before);
  });
});
