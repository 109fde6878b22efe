import { randomUUID } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import { Readable } from 'node:stream';
import { Inject, Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import yazl from 'yazl';
import type { CertsGenerateBody, Locale } from '@olymp/proto';
import { Clock, DomainError, KIT_CONFIG, type KitConfig, RpcClient, UPLOAD_STORAGE, UploadSpool, type UploadStorage, discardTempFile, notFound } from '@olymp/server-kit';
import { CertificateFile, CertificateRun } from '../floor/certificate.entities';
import { Achievement } from '../floor/treasure.entities';
import { Challenge } from '../floor/challenge.entities';
import { renderCertificatePdf } from './certificate-pdf';
import { factsOf } from './certificate-facts';

/** Where a run's certificate is stored: the kit's uploads storage, one key per row (a retry overwrites it). */
export const certKey = (fileId: string) => `files/${fileId}.pdf`;

/** A file name inside the ZIP: place, name and code, with nothing a file system or an archive tool trips on. */
const zipName = (place: number, first: string, last: string, code: string) =>
  `${String(place).padStart(5, '0')}-${`${last}-${first}`.normalize('NFC').replace(/[^\p{L}\p{N}-]+/gu, '_').slice(0, 80)}-${code}.pdf`;

/**
 * Certificates in bulk: a run per challenge holds one row per pupil, made in the background by `CertWorker`
 * (resumable: a row stays `pending` until its file is stored), watched through `progress`, downloaded as one ZIP
 * streamed entry by entry, and cleared with its files.
 */
@Injectable()
export class CertRuns {
  constructor(
    private readonly ds: DataSource,
    private readonly clock: Clock,
    private readonly spool: UploadSpool,
    @Inject(UPLOAD_STORAGE) private readonly storage: UploadStorage,
    @Inject(KIT_CONFIG) private readonly config: KitConfig,
    private readonly rpc: RpcClient,
  ) {}

  /** Starts a run: one pending row per matching finisher, in leaderboard order. */
  async generate(challengeId: string, body: CertsGenerateBody, userId: string): Promise<string> {
    return this.ds.transaction(async (m) => {
      if (!(await m.existsBy(Challenge, { id: challengeId }))) throw notFound();
      if (await m.existsBy(CertificateRun, { challengeId })) throw new DomainError('CERTS_RUN_EXISTS');
      const runId = randomUUID();
      await m.insert(CertificateRun, { id: runId, challengeId, scope: body.scope, top: body.top ?? null, locale: body.locale, createdBy: userId, createdAt: this.clock.now() });
      // Finishers hold a `challenge-finisher` achievement (its code is the certificate's); place as on the leaderboard.
      const inserted = (await m.query(
        `INSERT INTO certificate_files (id, run_id, user_id, achievement_id, place, ranked, state)
         SELECT gen_random_uuid(), $2, s.user_id, a.id, s.place, s.ranked, 'pending'
         FROM (
           SELECT user_id, ROW_NUMBER() OVER (ORDER BY points DESC, time_spent_ms, user_id)::int AS place, COUNT(*) OVER ()::int AS ranked
           FROM participations WHERE board_kind = 'challenge' AND board_id = $1 AND finished_quizzes > 0
         ) s
         JOIN achievements a ON a.user_id = s.user_id AND a.challenge_id = $1 AND a.code = 'challenge-finisher'
         WHERE ($3::int IS NULL OR s.place <= $3) AND ($4::uuid[] IS NULL OR s.user_id = ANY($4))
         RETURNING id, user_id`,
        [challengeId, runId, body.top ?? null, body.userIds ?? null],
      )) as { id: string; user_id: string }[];
      if (!inserted.length) throw new DomainError('CERTS_NONE_TO_MAKE');
      // Each pupil's certificate in their own language (their profile's, asked of auth once per 1,000 pupils here,
      // never per certificate); the run's locale stays for pupils whose language is not known.
      for (let i = 0; i < inserted.length; i += 1000) {
        const ids = inserted.slice(i, i + 1000).map((r) => r.user_id);
        const { users } = await this.rpc.request('auth.users.get', { userIds: ids });
        const known = users.filter((u) => u.locale !== null);
        if (!known.length) continue;
        await m.query(
          `UPDATE certificate_files f SET locale = x.locale FROM unnest($2::uuid[], $3::varchar[]) AS x(user_id, locale)
            WHERE f.run_id = $1 AND f.user_id = x.user_id`,
          [runId, known.map((u) => u.userId), known.map((u) => u.locale)],
        );
      }
      return runId;
    });
  }

  async progress(challengeId: string) {
    const run = await this.ds.getRepository(CertificateRun).findOneBy({ challengeId });
    if (!run) return null;
    const [c] = (await this.ds.query(
      `SELECT COUNT(*)::int AS total, COUNT(*) FILTER (WHERE state = 'done')::int AS done,
              MIN(done_at) AS first, MAX(done_at) AS last
       FROM certificate_files WHERE run_id = $1`,
      [run.id],
    )) as { total: number; done: number; first: Date | null; last: Date | null }[];
    // The rate of the files made so far (from the first to the last), so a pause for a restart does not count.
    let etaSeconds: number | null = c.done === c.total ? 0 : null;
    if (c.done >= 2 && c.first && c.last && c.done < c.total) {
      const perFile = (c.last.getTime() - c.first.getTime()) / (c.done - 1);
      etaSeconds = Math.ceil((perFile * (c.total - c.done)) / 1000);
    }
    return {
      runId: run.id, scope: run.scope, locale: run.locale, status: c.done === c.total ? ('done' as const) : ('running' as const),
      done: c.done, total: c.total, etaSeconds, startedAt: run.createdAt.toISOString(),
    };
  }

  /**
   * Makes the next pending certificate of any run, holding its row lock until the file is stored and the row is
   * `done` (other workers skip it). Answers false when nothing is pending.
   */
  async makeNext(): Promise<boolean> {
    return this.ds.transaction(async (m) => {
      const [row] = (await m.query(
        `SELECT f.id, f.run_id, f.place, f.ranked, f.achievement_id, f.locale FROM certificate_files f
         WHERE f.state = 'pending' ORDER BY f.run_id, f.place LIMIT 1 FOR UPDATE SKIP LOCKED`,
      )) as { id: string; run_id: string; place: number; ranked: number; achievement_id: string; locale: Locale | null }[];
      if (!row) return false;
      const size = await this.render(m, row.id, row.run_id, row.achievement_id, row.place, row.ranked, row.locale);
      await m.update(CertificateFile, { id: row.id }, { state: 'done', size, doneAt: this.clock.now() });
      return true;
    });
  }

  private async render(m: EntityManager, fileId: string, runId: string, achievementId: string, place: number, ranked: number, locale: Locale | null): Promise<number> {
    const run = await m.findOneByOrFail(CertificateRun, { id: runId });
    const achievement = await m.findOneByOrFail(Achievement, { id: achievementId });
    const challenge = await m.findOneBy(Challenge, { id: run.challengeId });
    const [p] = (await m.query(
      "SELECT first_name, last_name FROM participations WHERE board_kind = 'challenge' AND board_id = $1 AND user_id = $2",
      [run.challengeId, achievement.userId],
    )) as { first_name: string; last_name: string }[];
    const name = p ? `${p.first_name} ${p.last_name}`.trim() : '';
    const standing = { userId: achievement.userId, firstName: p?.first_name ?? '', lastName: p?.last_name ?? '', place, ranked };
    const pdf = await renderCertificatePdf(factsOf(achievement, challenge, standing, name, locale ?? run.locale, this.config.SITE_URL));
    const path = this.spool.newPath();
    try {
      await writeFile(path, pdf, { flag: 'wx' });
      await this.storage.put(certKey(fileId), path, 'application/pdf');
    } finally {
      await discardTempFile(path);
    }
    return pdf.length;
  }

  /**
   * The run's certificates as one ZIP, streamed: entries are added by name and each file is opened from the
   * storage only when the archive reaches it, so memory does not grow with the count.
   */
  async zip(challengeId: string): Promise<{ stream: Readable; fileName: string }> {
    const run = await this.ds.getRepository(CertificateRun).findOneBy({ challengeId });
    if (!run) throw new DomainError('CERTS_NO_RUN');
    const p = await this.progress(challengeId);
    if (p?.status !== 'done') throw new DomainError('CERTS_NOT_READY');
    const zip = new yazl.ZipFile();
    const out = Readable.from(zip.outputStream as AsyncIterable<Buffer>);
    void (async () => {
      let after = 0;
      for (;;) {
        const page = (await this.ds.query(
          `SELECT f.id, f.place, a.certificate_code, pa.first_name, pa.last_name
           FROM certificate_files f JOIN achievements a ON a.id = f.achievement_id
           LEFT JOIN participations pa ON pa.board_kind = 'challenge' AND pa.board_id = $2 AND pa.user_id = f.user_id
           WHERE f.run_id = $1 AND f.place > $3 ORDER BY f.place LIMIT 500`,
          [run.id, challengeId, after],
        )) as { id: string; place: number; certificate_code: string; first_name: string | null; last_name: string | null }[];
        for (const f of page) {
          zip.addReadStreamLazy(zipName(f.place, f.first_name ?? '', f.last_name ?? '', f.certificate_code), { compress: false, mtime: run.createdAt }, (cb) => {
            this.storage.get(certKey(f.id)).then(
              (o) => (o ? cb(null, o.stream) : cb(new Error(`certificate file ${f.id} is missing`), Readable.from([]))),
              (err: unknown) => cb(err, Readable.from([])),
            );
          });
        }
        if (page.length < 500) break;
        after = page[page.length - 1].place;
      }
      zip.end();
    })().catch((err: unknown) => out.destroy(err as Error));
    return { stream: out, fileName: `certificates-${challengeId}.zip` };
  }

  /** Removes the run, its rows and its stored files (waits for a certificate being made to be stored first). */
  async clear(challengeId: string): Promise<number> {
    const run = await this.ds.getRepository(CertificateRun).findOneBy({ challengeId });
    if (!run) throw new DomainError('CERTS_NO_RUN');
    const removed = await this.ds.transaction(async (m) => {
      const rows = (await m.query(`DELETE FROM certificate_files WHERE run_id = $1 RETURNING id, state`, [run.id])) as [{ id: string; state: string }[], number];
      await m.delete(CertificateRun, { id: run.id });
      return rows[0];
    });
    for (const r of removed) if (r.state === 'done') await this.storage.delete(certKey(r.id));
    return removed.filter((r) => r.state === 'done').length;
  }
}
