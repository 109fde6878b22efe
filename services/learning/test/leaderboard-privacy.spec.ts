/**
 * Leaderboards show minors as the live board does (hardening issue): without a token the challenge and training
 * leaderboards answer proto's public rows (rank, "Aigerim S.", school, region, points, time: no ids, no phones, no
 * district), exactly as notifications' live board; another signed-in pupil gets the live board's member rows
 * (district, correct answers, percent added) and their own full row as `me`; the pupil themself gets their full row
 * only as `me`; staff with the board's leaderboard tab get full rows; staff without it are shown what pupils see.
 */
import { ROLE, memberRow, publicRow } from '@olymp/proto';
import { Clock } from '@olymp/server-kit';
import { testToken } from '@olymp/server-kit/testing';
import { type ChallengeFixture, type Pupil, PRECHECKS, createChallenge, learningStack, smallQuiz } from './support';
import { type TrainingFixture, bankQuiz, createTraining, join, play } from './trainings-fixture';

const PUBLIC_KEYS = ['name', 'points', 'rank', 'region', 'school', 'timeSpentMs'];
const MEMBER_KEYS = [...PUBLIC_KEYS, 'correctCount', 'district', 'percent'].sort();

describe('leaderboards: what each caller sees of minors', () => {
  const s = learningStack();
  const t0 = new Date(Date.UTC(2030, 0, 10, 4, 0, 0));
  let challenge: ChallengeFixture;
  let training: TrainingFixture;
  let aigerim: Pupil;
  let bek: Pupil;
  let manager: string;
  let contentMaker: string;

  beforeAll(async () => {
    await s.start();
    s.learning.app.get(Clock).set(t0);
    const [province] = await s.sql<{ id: number }>(
      "INSERT INTO {auth}.provinces (code, name_kk, name_ru, name_en) VALUES ('t-privacy', 'Абай облысы', 'Абайская область', 'Abai Region') RETURNING id",
    );
    const [district] = await s.sql<{ id: number }>(
      "INSERT INTO {auth}.districts (province_id, code, name_kk, name_ru, name_en) VALUES ($1, 't-privacy-d', 'Аягөз ауданы', 'Аягозский район', 'Ayagoz District') RETURNING id",
      [province.id],
    );
    const [school] = await s.sql<{ id: number }>(
      "INSERT INTO {auth}.schools (district_id, code, name_kk, name_ru, name_en) VALUES ($1, 't-privacy-s', '№1 мектеп', 'Школа №1', 'School No. 1') RETURNING id",
      [district.id],
    );
    aigerim = await s.pupil(5, { firstName: 'Aigerim', lastName: 'Serikova', provinceId: province.id });
    await s.sql('UPDATE {auth}.users SET district_id = $2, school_id = $3 WHERE id = $1', [aigerim.id, district.id, school.id]);
    bek = await s.pupil(5, { firstName: 'Bek', lastName: 'Nurlanov' });
    manager = `Bearer ${await testToken({ roleId: ROLE.manager, userId: (await s.pupil(null, { roleId: ROLE.manager })).id })}`;
    contentMaker = `Bearer ${await testToken({ roleId: ROLE.contentMaker, userId: (await s.pupil(null, { roleId: ROLE.contentMaker })).id })}`;

    challenge = await createChallenge(s, {
      grade: 5, startsAt: t0, endsAt: new Date(t0.getTime() + 86_400_000), days: [{ opensAt: t0, quizzes: [smallQuiz(2, 5)] }],
    });
    const [day] = challenge.checkpoints;
    for (const [p, right] of [[aigerim, 2], [bek, 1]] as const) {
      expect((await s.http().post(`/api/users/${p.id}/challenges/${challenge.id}`).set('Authorization', p.token).send({})).status).toBe(201);
      const quizId = day.quizIds[0];
      const started = await s.http().post(`/api/users/${p.id}/quizzes/${quizId}/start`).set('Authorization', p.token).send({ prechecks: PRECHECKS });
      const { attempt, questions } = started.body.data as { attempt: { id: string }; questions: { id: string }[] };
      for (const q of questions.slice(0, right)) {
        await s.http().post('/api/user-answer').set('Authorization', p.token).send({ attemptId: attempt.id, questionId: q.id, answer: await s.correctAnswer(q.id) }).expect(200);
      }
      await s.http().post(`/api/users/${p.id}/quizzes/${quizId}/finish`).set('Authorization', p.token).send({}).expect(200);
    }

    training = await createTraining(s, { quizzes: [await bankQuiz(s, 2, 5)], heartsMax: 50 });
    for (const [p, pattern] of [[aigerim, '++'], [bek, '+-']] as const) {
      await join(s, p, training.id);
      await play(s, p, training.subchapters[0], pattern);
    }
  });
  afterAll(() => s.stop());

  const boards = () => [
    { kind: 'challenge', path: `/api/challenges/${challenge.id}/leaderboard`, correct: [2, 1], maxPoints: 10 },
    { kind: 'training', path: `/api/trainings/${training.id}/leaderboard`, correct: [2, 1], maxPoints: 10 },
  ];
  const ids = () => [aigerim.id, bek.id];
  const leaks = (body: unknown, what: string[]) => what.filter((w) => JSON.stringify(body).includes(w));

  it('answers anonymous callers the live board\'s public rows: no ids, no phones, no district, "Aigerim S."', async () => {
    const phones = (await s.sql<{ phone: string }>('SELECT phone FROM {auth}.users WHERE id = ANY($1::uuid[])', [ids()])).map((r) => r.phone);
    for (const b of boards()) {
      const res = await s.http().get(b.path).set('X-Locale', 'en');
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ total: 2, me: null, maxPoints: b.maxPoints });
      for (const row of res.body.data) expect(Object.keys(row).sort()).toEqual(PUBLIC_KEYS);
      expect(res.body.data).toEqual([
        { rank: 1, name: 'Aigerim S.', school: 'School No. 1', region: 'Abai Region', points: 10, timeSpentMs: 0 },
        { rank: 2, name: 'Bek N.', school: null, region: null, points: 5, timeSpentMs: 0 },
      ]);
      // The very function the live board (notifications) shapes its public rows with.
      const person = { firstName: 'Aigerim', lastName: 'Serikova', school: { kk: '№1 мектеп', ru: 'Школа №1', en: 'School No. 1' },
        province: { kk: 'Абай облысы', ru: 'Абайская область', en: 'Abai Region' }, district: null };
      expect(res.body.data[0]).toEqual(publicRow({ rank: 1, points: 10, timeSpentMs: 0, correctCount: 2 }, person, 'en'));
      expect(leaks(res.body, [...ids(), ...phones, 'Serikova', 'Nurlanov', 'Ayagoz', 'userId', 'firstName', 'lastName'])).toEqual([]);
      const kk = await s.http().get(b.path).set('X-Locale', 'kk');
      expect(kk.body.data[0]).toMatchObject({ school: '№1 мектеп', region: 'Абай облысы' });
    }
  });

  it('shows another pupil the member rows and only their own full row', async () => {
    for (const b of boards()) {
      const res = await s.http().get(b.path).set('Authorization', bek.token).set('X-Locale', 'en');
      expect(res.status).toBe(200);
      for (const row of res.body.data) expect(Object.keys(row).sort()).toEqual(MEMBER_KEYS);
      expect(res.body.data[0]).toEqual({
        rank: 1, name: 'Aigerim S.', school: 'School No. 1', region: 'Abai Region', district: 'Ayagoz District',
        points: 10, timeSpentMs: 0, correctCount: 2, percent: 100,
      });
      expect(res.body.data[0]).toEqual(memberRow({ rank: 1, points: 10, timeSpentMs: 0, correctCount: 2 }, {
        firstName: 'Aigerim', lastName: 'Serikova', school: { kk: '', ru: '', en: 'School No. 1' }, province: { kk: '', ru: '', en: 'Abai Region' },
        district: { kk: '', ru: '', en: 'Ayagoz District' },
      }, 10, 'en'));
      expect(res.body.me).toMatchObject({ rank: 2, userId: bek.id, name: 'Bek Nurlanov', points: 5 });
      expect(leaks(res.body, [aigerim.id, 'Serikova'])).toEqual([]);
    }
  });

  it('gives the pupil themself their full row as me, and everyone\'s rows as members see them', async () => {
    for (const b of boards()) {
      const res = await s.http().get(b.path).set('Authorization', aigerim.token).set('X-Locale', 'en');
      expect(res.status).toBe(200);
      expect(res.body.me).toMatchObject({
        rank: 1, userId: aigerim.id, name: 'Aigerim Serikova', firstName: 'Aigerim', lastName: 'Serikova', points: 10,
        district: { name: { en: 'Ayagoz District' } },
      });
      expect(res.body.data.map((r: { name: string }) => r.name)).toEqual(['Aigerim S.', 'Bek N.']);
      expect(leaks(res.body.data, [...ids(), 'Nurlanov', 'Serikova'])).toEqual([]);
    }
  });

  it('shows staff with the leaderboard tab full rows, and staff without it what pupils see', async () => {
    for (const b of boards()) {
      for (const token of [s.admin, manager]) {
        const res = await s.http().get(b.path).set('Authorization', token);
        expect(res.status).toBe(200);
        expect(res.body.data.map((r: { userId: string; name: string }) => [r.userId, r.name])).toEqual([[aigerim.id, 'Aigerim Serikova'], [bek.id, 'Bek Nurlanov']]);
        expect(res.body.data[0]).toMatchObject({ district: { name: { en: 'Ayagoz District' } }, correctAnswers: 2, percentage: 100 });
      }
      const other = await s.http().get(b.path).set('Authorization', contentMaker);
      expect(other.status).toBe(200);
      expect(other.body.data.map((r: { name: string }) => r.name)).toEqual(['Aigerim S.', 'Bek N.']);
      expect(leaks(other.body.data, [...ids(), 'Serikova'])).toEqual([]);
    }
  });
});
