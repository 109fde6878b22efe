import { randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import yauzl from 'yauzl';
import { startLearning } from '@olymp/learning';
import { ROLE } from '@olymp/proto';
import { testToken } from '@olymp/server-kit/testing';
import { binary, textOf } from './pdf-tools';
import { type ChallengeFixture, createChallenge, learningStack, smallQuiz } from './support';

/** The names of a ZIP's entries and the bytes of each, read with yauzl. */
function entriesOf(zip: Buffer): Promise<Map<string, Buffer>> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(zip, { lazyEntries: true }, (err, file) => {
      if (err) return reject(err);
      const out = new Map<string, Buffer>();
      file.on('entry', (e: yauzl.Entry) => {
        file.openReadStream(e, (err2, stream) => {
          if (err2) return reject(err2);
          const chunks: Buffer[] = [];
          stream.on('data', (c: Buffer) => chunks.push(c)).on('end', () => {
            out.set(e.fileName, Buffer.concat(chunks));
            file.readEntry();
          });
        });
      });
      file.on('end', () => resolve(out)).on('error', reject);
      file.readEntry();
    });
  });
}

async function until<T>(what: string, probe: () => Promise<T>, ok: (v: T) => boolean, ms = 60_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const v = await probe();
    if (ok(v)) return v;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}: ${JSON.stringify(v)}`);
    await new Promise((r) => setImmediate(r));
  }
}

const PUPILS = 60;
const ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';
/** A distinct certificate code per pupil, in the alphabet certificate codes use. */
const codeOf = (i: number) => `KZ${ALPHABET[Math.floor(i / 31)]}${ALPHABET[i % 31]}AAAAAA`;

describe('certificates in bulk', () => {
  const s = learningStack();
  const uploads = mkdtempSync(join(tmpdir(), 'certs-'));
  const extra = { UPLOAD_DIR: uploads, SITE_URL: 'https://olymp.example.kz' };
  let ch: ChallengeFixture;
  let pupil = '';
  const finishers: string[] = [];

  beforeAll(async () => {
    await s.start(extra);
    const now = new Date();
    ch = await createChallenge(s, { grade: null, startsAt: new Date(now.getTime() - 86_400_000), endsAt: new Date(now.getTime() + 86_400_000), days: [{ opensAt: now, quizzes: [smallQuiz(1, 10)] }] });
    // Finishers as playing leaves them: a ranked participation and a `challenge-finisher` achievement each.
    for (let i = 0; i < PUPILS; i++) {
      const userId = randomUUID();
      finishers.push(userId);
      await s.sql(
        `INSERT INTO {learning}.participations (id, board_kind, board_id, user_id, via, first_name, last_name, points, time_spent_ms, finished_quizzes)
         VALUES ($1, 'challenge', $2, $3, 'free', $4, $5, $6, $7, 1)`,
        [randomUUID(), ch.id, userId, i === 0 ? 'Әйгерім' : `Оқушы${i}`, i === 0 ? 'Құрманғазықызы' : 'Тест', 1000 - i, 1000 + i],
      );
      await s.sql(
        `INSERT INTO {learning}.achievements (id, user_id, challenge_id, code, certificate_code, title_kk, title_ru, title_en, points, earned_at)
         VALUES ($1, $2, $3, 'challenge-finisher', $4, 't', 't', 't', $5, now())`,
        [randomUUID(), userId, ch.id, codeOf(i), 1000 - i],
      );
    }
    pupil = `Bearer ${await testToken({ roleId: ROLE.student, userId: finishers[0] })}`;
  });
  afterAll(async () => {
    await s.stop();
    rmSync(uploads, { recursive: true, force: true });
  });

  const progress = async () => (await s.http().get(`/api/challenges/${ch.id}/certs/progress`).set('Authorization', s.admin)).body.data as { done: number; total: number; status: string; etaSeconds: number | null } | null;
  const files = () => s.sql<{ user_id: string; state: string; id: string }>('SELECT user_id, state, id FROM {learning}.certificate_files');

  it('refuses strangers, pupils and bad input, localized, changing nothing', async () => {
    const routes = [
      ['post', `/api/challenges/${ch.id}/certs/generate`], ['get', `/api/challenges/${ch.id}/certs/progress`],
      ['get', `/api/challenges/${ch.id}/certs/zip`], ['delete', `/api/challenges/${ch.id}/certs`],
    ] as const;
    for (const [method, url] of routes) {
      expect((await s.http()[method](url).send({ scope: 'all', locale: 'kk' })).status).toBe(401);
      expect((await s.http()[method](url).set('Authorization', pupil).send({ scope: 'all', locale: 'kk' })).status).toBe(403);
      expect((await s.http()[method](url.replace(ch.id, 'not-a-uuid')).set('Authorization', s.admin).send({ scope: 'all', locale: 'kk' })).status).toBe(400);
    }
    const generate = (body: object, locale = 'kk', id = ch.id) => s.http().post(`/api/challenges/${id}/certs/generate`).set('Authorization', s.admin).set('X-Locale', locale).send(body);
    const bad = await generate({ scope: 'top', locale: 'kk' }, 'ru');
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ code: 'VALIDATION_FAILED', message: expect.stringContaining('Исправьте'), errors: { top: expect.any(String) } });
    expect((await generate({ scope: 'all', locale: 'kk', extra: 1 })).status).toBe(400);
    expect((await generate({ scope: 'chosen', userIds: [randomUUID()], locale: 'kk' }, 'kk')).body).toMatchObject({ code: 'CERTS_NONE_TO_MAKE', message: expect.stringContaining('оқушы') });
    expect((await generate({ scope: 'all', locale: 'kk' }, 'en', randomUUID())).status).toBe(404);
    expect((await s.http().get(`/api/challenges/${ch.id}/certs/zip`).set('Authorization', s.admin).set('X-Locale', 'ru')).body).toMatchObject({ code: 'CERTS_NO_RUN', message: expect.stringContaining('сертификаты') });
    expect((await s.http().delete(`/api/challenges/${ch.id}/certs`).set('Authorization', s.admin)).status).toBe(404);
    expect(await progress()).toBeNull();
    expect(await s.sql('SELECT id FROM {learning}.certificate_runs')).toEqual([]);
  });

  it('makes the top N or the chosen pupils only', async () => {
    const top = await s.http().post(`/api/challenges/${ch.id}/certs/generate`).set('Authorization', s.admin).send({ scope: 'top', top: 3, locale: 'ru' });
    expect(top.status).toBe(202);
    expect(top.body.data).toMatchObject({ total: 3, scope: 'top', locale: 'ru' });
    await until('the top 3', progress, (p) => p?.status === 'done');
    expect((await files()).map((f) => f.user_id).sort()).toEqual(finishers.slice(0, 3).sort());
    const again = await s.http().post(`/api/challenges/${ch.id}/certs/generate`).set('Authorization', s.admin).set('X-Locale', 'en').send({ scope: 'all', locale: 'kk' });
    expect(again.body).toMatchObject({ code: 'CERTS_RUN_EXISTS', message: expect.stringContaining('clear') });
    const stored = (await files()).map((f) => join(uploads, 'files', `${f.id}.pdf`));
    expect(stored.every((p) => existsSync(p))).toBe(true);
    const cleared = await s.http().delete(`/api/challenges/${ch.id}/certs`).set('Authorization', s.admin);
    expect(cleared.body.data).toEqual({ removed: 3 });
    expect(stored.some((p) => existsSync(p))).toBe(false);
    expect(await files()).toEqual([]);
    const chosen = await s.http().post(`/api/challenges/${ch.id}/certs/generate`).set('Authorization', s.admin).send({ scope: 'chosen', userIds: [finishers[7], finishers[9], randomUUID()], locale: 'en' });
    expect(chosen.body.data.total).toBe(2);
    await until('the chosen 2', progress, (p) => p?.status === 'done');
    expect((await files()).map((f) => f.user_id).sort()).toEqual([finishers[7], finishers[9]].sort());
    expect((await s.http().delete(`/api/challenges/${ch.id}/certs`).set('Authorization', s.admin)).body.data).toEqual({ removed: 2 });
  });

  it('resumes a run cut short by a restart and ends with exactly one certificate per pupil, all in one ZIP', async () => {
    const started = await s.http().post(`/api/challenges/${ch.id}/certs/generate`).set('Authorization', s.admin).send({ scope: 'all', locale: 'kk' });
    expect(started.status).toBe(202);
    expect(started.body.data).toMatchObject({ total: PUPILS, status: 'running' });
    await until('a few certificates', progress, (p) => (p?.done ?? 0) >= 5);
    const zipEarly = await s.http().get(`/api/challenges/${ch.id}/certs/zip`).set('Authorization', s.admin);
    expect(zipEarly.body.code).toBe('CERTS_NOT_READY');
    await s.learning.close();
    const [cut] = await s.sql<{ done: number }>("SELECT COUNT(*)::int AS done FROM {learning}.certificate_files WHERE state = 'done'");
    expect(cut.done).toBeGreaterThanOrEqual(5);
    expect(cut.done).toBeLessThan(PUPILS);

    s.learning = await startLearning(s.ns.envFor('learning', extra));
    const mid = await progress();
    expect(mid?.status === 'done' || (mid?.etaSeconds ?? 0) >= 0).toBe(true);
    const end = await until('the run to finish', progress, (p) => p?.status === 'done', 120_000);
    expect(end).toMatchObject({ done: PUPILS, total: PUPILS, etaSeconds: 0 });
    const rows = await files();
    expect(rows).toHaveLength(PUPILS);
    expect(new Set(rows.map((r) => r.user_id))).toEqual(new Set(finishers));
    expect(rows.every((r) => r.state === 'done')).toBe(true);

    const zip = await s.http().get(`/api/challenges/${ch.id}/certs/zip`).set('Authorization', s.admin).buffer(true).parse(binary);
    expect(zip.status).toBe(200);
    expect(zip.headers['content-type']).toBe('application/zip');
    const entries = await entriesOf(zip.body as Buffer);
    expect(entries.size).toBe(PUPILS);
    const names = [...entries.keys()];
    expect(names[0]).toMatch(/^00001-Құрманғазықызы-Әйгерім-KZ22AAAAAA\.pdf$/);
    expect(names.every((n) => /^\d{5}-.+-[A-Z2-9]{10}\.pdf$/.test(n))).toBe(true);
    const first = textOf(entries.get(names[0]) as Buffer);
    expect(first).toContain('Әйгерім Құрманғазықызы');
    expect(first).toContain(`1 / ${PUPILS}`);
    // 60 PDFs, a restart and a ZIP: 20-40 s alone, past a minute on a loaded 2-core CI.
  }, 180_000);
});
