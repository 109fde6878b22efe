import type { Pool } from 'pg';
import { DomainError } from '@olymp/server-kit';

/** One answer to store: `seq` orders a pupil's saves of a question (a save replaces only an older one). */
export interface BatchedSave {
  attemptId: string;
  questionId: string;
  /** The normalized answer as JSON text. */
  answer: string;
  seq: number;
  /** When the save arrived (the deadline check and `saved_at`). */
  at: Date;
}

/** What happened to one save: `running` false means the attempt was finished or past deadline + grace. */
export interface SaveOutcome {
  running: boolean;
  /** The seq now stored when this save was applied, else null. */
  applied: number | null;
  /** The stored seq when this save was not applied (an older or equal seq), else what was stored before. */
  current: number | null;
}

/** One result row of the batch statement: the save numbered `i` (1-based) and its outcome. */
interface SaveRow {
  i: number;
  running: boolean;
  applied: number | null;
  current: number | null;
}

interface Pending extends BatchedSave {
  resolve: (outcome: SaveOutcome) => void;
  reject: (err: unknown) => void;
}

/**
 * Every save gathered in one turn of the event loop, in one statement. Under olympiad load a node receives dozens
 * of saves per turn; one statement for all of them costs PostgreSQL and this process one round trip (one socket
 * write, one parse of the plan's parameters, one commit) instead of one each, which profiles showed to be most of
 * a save's CPU on both sides. Each save still gets its own outcome, and is answered only after the statement's
 * commit, so nothing acknowledged can be lost.
 *
 * The rules are the single save's (attempts.service.ts): the attempt must be running and within deadline + grace,
 * checked per row against the time that row arrived; attempts are KEY SHARE locked (a finish waits for a batch in
 * flight, and a batch that waited sees the finished status and writes nothing for it); a save replaces only a
 * smaller seq. Rows are written in key order, so two batches in flight take row locks in the same order and
 * cannot deadlock; a key can appear once per statement (ON CONFLICT may not touch a row twice), so a second save of
 * the same question in one turn goes in the next batch, after the first. A row whose value PostgreSQL refuses is
 * found by halving the failed batch and fails alone; the other rows are written (`run`).
 */
export class SaveBatcher {
  private queue: Pending[] = [];
  private scheduled = false;

  constructor(
    private readonly pool: () => Pool,
    private readonly graceMs: number,
    private readonly maxBatch = 256,
  ) {}

  save(row: BatchedSave): Promise<SaveOutcome> {
    return new Promise<SaveOutcome>((resolve, reject) => {
      this.queue.push({ ...row, resolve, reject });
      if (!this.scheduled) {
        this.scheduled = true;
        setImmediate(() => this.flush());
      }
    });
  }

  private flush(): void {
    this.scheduled = false;
    let rest = this.queue;
    this.queue = [];
    while (rest.length) {
      const batch: Pending[] = [];
      const later: Pending[] = [];
      const keys = new Set<string>();
      for (const p of rest) {
        const key = `${p.attemptId}/${p.questionId}`;
        if (batch.length >= this.maxBatch || keys.has(key)) later.push(p);
        else {
          keys.add(key);
          batch.push(p);
        }
      }
      // Batches of one turn go out one after another only when a key repeats; otherwise side by side.
      if (later.length && later.some((p) => keys.has(`${p.attemptId}/${p.questionId}`))) {
        void this.run(batch).then(() => this.requeue(later));
        return;
      }
      void this.run(batch);
      rest = later;
    }
  }

  /**
   * A save that was not applied although its snapshot held no row or an older seq lost to a batch of a later turn
   * that committed while this statement waited on the row (ON CONFLICT saw that commit; the snapshot, taken before,
   * did not): the reply must still say which seq stands, so those rows' seqs are read again, now. Rare; at most one
   * small query per statement.
   */
  private async readWinners(batch: Pending[], byIndex: Map<number, SaveRow>): Promise<void> {
    const unseen = batch.flatMap((p, i) => {
      const r = byIndex.get(i + 1);
      return r && r.running && r.applied === null && (r.current === null || r.current < p.seq) ? [{ p, r }] : [];
    });
    if (!unseen.length) return;
    const { rows } = await this.pool().query<{ attempt_id: string; question_id: string; seq: number }>({
      name: 'learning.save-answers-winners',
      text: WINNERS_SQL,
      values: [unseen.map(({ p }) => p.attemptId), unseen.map(({ p }) => p.questionId)],
    });
    const stored = new Map(rows.map((w) => [`${w.attempt_id}/${w.question_id}`, w.seq]));
    for (const { p, r } of unseen) r.current = stored.get(`${p.attemptId}/${p.questionId}`) ?? null;
  }

  private requeue(later: Pending[]): void {
    this.queue = [...later, ...this.queue];
    if (!this.scheduled) {
      this.scheduled = true;
      setImmediate(() => this.flush());
    }
  }

  private async run(batch: Pending[]): Promise<void> {
    let rows: SaveRow[];
    try {
      ({ rows } = await this.pool().query<SaveRow>({
        name: 'learning.save-answers',
        text: SAVE_ANSWERS_SQL,
        values: [
          batch.map((p) => p.attemptId),
          batch.map((p) => p.questionId),
          batch.map((p) => p.answer),
          batch.map((p) => p.seq),
          batch.map((p) => p.at),
          this.graceMs,
        ],
      }));
    } catch (err) {
      // A value PostgreSQL refuses fails the whole statement. Validation refuses such text first (the kit's text
      // rule), so this is the net under it: halve the batch until the row that fails is alone, and fail only its
      // request, so one pupil's answer never fails another's save. Other errors (a lost connection) fail the batch.
      if (!isDataError(err)) {
        for (const p of batch) p.reject(err);
        return;
      }
      if (batch.length === 1) {
        batch[0].reject(isTextError(err) ? new DomainError('INVALID_TEXT', { field: 'answer' }, { answer: 'INVALID_TEXT' }) : err);
        return;
      }
      const half = Math.ceil(batch.length / 2);
      await this.run(batch.slice(0, half));
      await this.run(batch.slice(half));
      return;
    }
    const byIndex = new Map(rows.map((r) => [r.i, r]));
    // The saves are stored either way: a failed re-read only leaves those replies without the winning seq.
    await this.readWinners(batch, byIndex).catch(() => undefined);
    batch.forEach((p, i) => {
      const r = byIndex.get(i + 1);
      if (r) p.resolve({ running: r.running, applied: r.applied, current: r.current });
      else p.reject(new Error('a batched answer save got no result row'));
    });
  }
}

const WINNERS_SQL = `SELECT attempt_id, question_id, seq FROM user_answers
   WHERE (attempt_id, question_id) IN (SELECT * FROM unnest($1::uuid[], $2::uuid[]))`;

const sqlState = (err: unknown): string => String((err as { code?: unknown } | null)?.code ?? '');
/** SQLSTATE class 22, "data exception": a value of the statement is refused, which another row cannot cause. */
const isDataError = (err: unknown) => sqlState(err).startsWith('22');
/** Text PostgreSQL cannot store or read as JSON (a NUL, a lone surrogate escape, bytes that are not UTF-8). */
const isTextError = (err: unknown) => ['22P05', '22021', '22P02'].includes(sqlState(err));

/**
 * `input` numbers the saves (1-based, `i`); `a` share-locks the running attempts; `up` writes the rows whose attempt
 * is running and whose save arrived before deadline + grace, in key order; the result has one row per save.
 * Every sub-statement sees the same snapshot, so `current` is the stored seq before this statement.
 */
const SAVE_ANSWERS_SQL = `WITH input AS (
    SELECT * FROM unnest($1::uuid[], $2::uuid[], $3::jsonb[], $4::int[], $5::timestamptz[]) WITH ORDINALITY
      AS t(attempt_id, question_id, answer, seq, at, i)
  ), a AS (
    SELECT id, deadline_at FROM attempts
     WHERE id = ANY($1::uuid[]) AND status = 'running'
     ORDER BY id
     FOR KEY SHARE
  ), ok AS (
    SELECT input.* FROM input JOIN a ON a.id = input.attempt_id
     WHERE a.deadline_at >= input.at - make_interval(secs => $6::int / 1000.0)
  ), up AS (
    INSERT INTO user_answers (attempt_id, question_id, answer, seq, saved_at)
    SELECT attempt_id, question_id, answer, seq, at FROM ok ORDER BY attempt_id, question_id
    ON CONFLICT (attempt_id, question_id) DO UPDATE
      SET answer = EXCLUDED.answer, seq = EXCLUDED.seq, saved_at = EXCLUDED.saved_at
      WHERE user_answers.seq < EXCLUDED.seq
    RETURNING attempt_id, question_id, seq
  )
  SELECT input.i::int AS i, (ok.i IS NOT NULL) AS running, up.seq AS applied, ua.seq AS current
    FROM input
    LEFT JOIN ok ON ok.i = input.i
    LEFT JOIN up ON up.attempt_id = input.attempt_id AND up.question_id = input.question_id
    LEFT JOIN user_answers ua ON ua.attempt_id = input.attempt_id AND ua.question_id = input.question_id`;
