/**
 * Certificates in bulk in each pupil's own language (issue 16): the language of the pupil's profile (auth's `locale`,
 * read through `auth.users.get` when the run starts), not the staff member's; the run's language only for a pupil
 * whose language is not known. The PDFs' text is read back with a PDF reader library. Real PostgreSQL and NATS.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import yauzl from 'yauzl';
import { waitFor } from '@olymp/server-kit/testing';
import { binary, textOf } from './pdf-tools';
import { createChallenge, learningStack, smallQuiz } from './support';

/** The entries of a ZIP in archive order, read with yauzl. */
function entriesOf(zip: Buffer): Promise<[string, Buffer][]> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(zip, { lazyEntries: true }, (err, file) => {
      if (err) return reject(err);
      const out: [string, Buffer][] = [];
      file.on('entry', (e: yauzl.Entry) => {
        file.openReadStream(e, (err2, stream) => {
          if (err2) return reject(err2);
          const chunks: Buffer[] = [];
          stream.on('data', (c: Buffer) => chunks.push(c)).on('end', () => {
            out.push([e.fileName, Buffer.concat(chunks)]);
            file.readEntry();
          });
        });
      });
      file.on('end', () => resolve(out)).on('error', reject);
      file.readEntry();
    });
  });
}

const ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';

describe('certificates in bulk, each in its pupil\'s language', () => {
  const s = learningStack();
  const uploads = mkdtempSync(join(tmpdir(), 'certs-locale-'));

  beforeAll(async () => {
    await s.start({ UPLOAD_DIR: uploads, SITE_URL: 'https://olymp.example.kz' });
  });
  afterAll(async () => {
    await s.stop();
    rmSync(uploads, { recursive: true, force: true });
  });

  it("makes each pupil's certificate in that pupil's own language (their profile's), not the staff member's; the run's language when unknown", async () => {
    const now = new Date();
    const other = await createChallenge(s, { grade: null, startsAt: new Date(now.getTime() - 86_400_000), endsAt: new Date(now.getTime() + 86_400_000), days: [{ opensAt: now, quizzes: [smallQuiz(1, 10)] }] });
    const people = [
      { locale: 'kk', first: 'Әлихан', last: 'Қасымов' },
      { locale: 'ru', first: 'Мария', last: 'Иванова' },
      { locale: 'en', first: 'Dana', last: 'Smith' },
      { locale: null, first: 'Ерлан', last: 'Сәрсенов' },
    ] as const;
    const ids: string[] = [];
    for (const [i, p] of people.entries()) {
      const who = await s.pupil(6, { firstName: p.first, lastName: p.last });
      ids.push(who.id);
      await s.sql('UPDATE {auth}.users SET locale = $2 WHERE id = $1', [who.id, p.locale]);
      await s.sql(
        `INSERT INTO {learning}.participations (id, board_kind, board_id, user_id, via, first_name, last_name, points, time_spent_ms, finished_quizzes)
         VALUES ($1, 'challenge', $2, $3, 'free', $4, $5, $6, 1000, 1)`,
        [randomUUID(), other.id, who.id, p.first, p.last, 500 - i],
      );
      await s.sql(
        `INSERT INTO {learning}.achievements (id, user_id, challenge_id, code, certificate_code, title_kk, title_ru, title_en, points, earned_at)
         VALUES ($1, $2, $3, 'challenge-finisher', $4, 't', 't', 't', $5, now())`,
        [randomUUID(), who.id, other.id, `KZL${ALPHABET[i]}AAAAAA`, 500 - i],
      );
    }
    // The staff member works in Russian and asks for English: each pupil's own language wins; English only for the
    // pupil whose language is not known.
    const started = await s.http().post(`/api/challenges/${other.id}/certs/generate`).set('Authorization', s.admin).set('X-Locale', 'ru').send({ scope: 'all', locale: 'en' });
    expect(started.status).toBe(202);
    expect(await s.sql('SELECT f.user_id, f.locale FROM {learning}.certificate_files f JOIN {learning}.certificate_runs r ON r.id = f.run_id WHERE r.challenge_id = $1 ORDER BY f.place', [other.id]))
      .toEqual(ids.map((id, i) => ({ user_id: id, locale: people[i].locale })));
    await waitFor(async () => ((await s.http().get(`/api/challenges/${other.id}/certs/progress`).set('Authorization', s.admin)).body.data as { status: string } | null)?.status === 'done', { what: 'the run to finish', timeoutMs: 120_000 });
    const zip = await s.http().get(`/api/challenges/${other.id}/certs/zip`).set('Authorization', s.admin).buffer(true).parse(binary);
    expect(zip.status).toBe(200);
    const entries = await entriesOf(zip.body as Buffer);
    expect(entries.map(([name]) => name.slice(0, 5))).toEqual(['00001', '00002', '00003', '00004']);
    const texts = entries.map(([, pdf]) => textOf(pdf));
    const [kk, ru, en, unknown] = texts;
    expect(kk).toContain('Әлихан Қасымов');
    expect(kk).toContain('челленджін аяқтап');
    expect(kk).toContain('Сертификат коды');
    expect(ru).toContain('Мария Иванова');
    expect(ru).toContain('прошёл(а) челлендж');
    expect(ru).toContain('Код сертификата');
    expect(en).toContain('Dana Smith finished the challenge');
    expect(en).toContain('Certificate code');
    expect(unknown).toContain('Ерлан Сәрсенов finished the challenge');
    expect(texts.map((t) => ['Сертификат коды', 'Код сертификата', 'Certificate code'].filter((label) => t.includes(label)).length)).toEqual([1, 1, 1, 1]);
  });
});
