/**
 * Answers on their way to the server. Each answer gets a sequence number per question, higher than any the server
 * holds; the server keeps the highest, so a retry (same seq) or a late old save changes nothing (docs/learning.md).
 * Unsent answers are kept in localStorage per attempt: a reload or a closed tab resends them on return.
 * Transient failures (no network, 5xx, 429) are retried with backoff until the deadline plus the server's grace.
 */
import { ApiError } from '../../../api/http';
import { saveAnswer, type AnswerValue } from '../../../api/learning';
import { readJson, writeJson } from '../../../lib/storage';

export type SaveState = 'saving' | 'saved' | 'retrying' | 'failed';

export interface AnswerSlot {
  answer: AnswerValue;
  seq: number;
  state: SaveState;
}

/** The server accepts saves until deadline + 5 s (ANSWER_GRACE_MS). */
export const SERVER_GRACE_MS = 5000;
const BACKOFF_MS = [500, 1000, 2000, 4000, 5000];

type Pending = Record<string, { answer: AnswerValue; seq: number }>;

const pendingKey = (attemptId: string) => `quiz_pending:${attemptId}`;

function isTransient(error: unknown): boolean {
  if (!(error instanceof ApiError)) return true; // fetch failed: offline, connection reset
  return error.status >= 500 || error.status === 429 || error.status === 408;
}

export class AnswerQueue {
  private readonly slots = new Map<string, AnswerSlot>();
  private readonly timers = new Map<string, ReturnType<typeof setTimeout>>();
  private readonly inFlight = new Map<string, Promise<void>>();
  private closed = false;

  constructor(
    private readonly attemptId: string,
    private readonly deadlineMs: () => number,
    private readonly onChange: (slots: ReadonlyMap<string, AnswerSlot>) => void,
  ) {}

  /** The server's saved answers, then anything this browser had not delivered (and is newer), resent. */
  restore(saved: { questionId: string; answer: AnswerValue | null; seq: number }[]): void {
    for (const s of saved) if (s.answer) this.slots.set(s.questionId, { answer: s.answer, seq: s.seq, state: 'saved' });
    const pending = readJson<Pending>(pendingKey(this.attemptId)) ?? {};
    for (const [questionId, p] of Object.entries(pending)) {
      const server = saved.find((s) => s.questionId === questionId);
      if (!server || p.seq > server.seq) {
        this.slots.set(questionId, { answer: p.answer, seq: p.seq, state: 'saving' });
        void this.send(questionId, 0);
      }
    }
    this.persist();
    this.emit();
  }

  /** A new answer for a question: saved at once, superseding whatever was queued for it. */
  answer(questionId: string, answer: AnswerValue): void {
    if (this.closed) return;
    const seq = (this.slots.get(questionId)?.seq ?? 0) + 1;
    this.slots.set(questionId, { answer, seq, state: 'saving' });
    this.persist();
    this.emit();
    const timer = this.timers.get(questionId);
    if (timer) clearTimeout(timer);
    void this.send(questionId, 0);
  }

  /** Retry at once what waits for a retry (the browser came back online). */
  retryNow(): void {
    for (const [questionId, slot] of this.slots) {
      if (slot.state === 'retrying') {
        const timer = this.timers.get(questionId);
        if (timer) clearTimeout(timer);
        void this.send(questionId, 0);
      }
    }
  }

  /** Resolves true when nothing is being sent or waiting for a retry; false after `timeoutMs`. */
  async flush(timeoutMs: number): Promise<boolean> {
    const until = Date.now() + timeoutMs;
    this.retryNow();
    while (Date.now() < until) {
      const open = [...this.slots.values()].some((s) => s.state === 'saving' || s.state === 'retrying');
      if (!open) return true;
      await Promise.race([...this.inFlight.values(), new Promise((resolve) => setTimeout(resolve, 100))]);
    }
    return false;
  }

  close(): void {
    this.closed = true;
    for (const timer of this.timers.values()) clearTimeout(timer);
    this.timers.clear();
  }

  private async send(questionId: string, attempt: number): Promise<void> {
    const slot = this.slots.get(questionId);
    if (!slot || this.closed) return;
    const { seq, answer } = slot;
    const request = (async () => {
      try {
        await saveAnswer({ attemptId: this.attemptId, questionId, answer, seq });
        const current = this.slots.get(questionId);
        // A newer answer may have been given meanwhile: only the one sent is confirmed here.
        if (current && current.seq === seq) {
          current.state = 'saved';
          this.persist();
          this.emit();
        }
      } catch (error) {
        const current = this.slots.get(questionId);
        if (!current || current.seq !== seq || this.closed) return;
        const stillTime = Date.now() < this.deadlineMs() + SERVER_GRACE_MS;
        if (isTransient(error) && stillTime) {
          current.state = 'retrying';
          this.emit();
          const delay = BACKOFF_MS[Math.min(attempt, BACKOFF_MS.length - 1)];
          this.timers.set(questionId, setTimeout(() => void this.send(questionId, attempt + 1), delay));
        } else {
          current.state = 'failed';
          this.emit();
        }
      }
    })();
    this.inFlight.set(questionId, request);
    try {
      await request;
    } finally {
      if (this.inFlight.get(questionId) === request) this.inFlight.delete(questionId);
    }
  }

  private persist(): void {
    const pending: Pending = {};
    for (const [questionId, slot] of this.slots) if (slot.state !== 'saved') pending[questionId] = { answer: slot.answer, seq: slot.seq };
    writeJson(pendingKey(this.attemptId), Object.keys(pending).length ? pending : null);
  }

  private emit(): void {
    this.onChange(new Map(this.slots));
  }
}
