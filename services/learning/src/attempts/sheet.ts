import { createHash } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { LRUCache } from 'lru-cache';
import { DataSource, type EntityManager } from 'typeorm';
import { DomainError, notFound } from '@olymp/server-kit';
import type { Localized } from '@olymp/proto';
import { AnswerOption, Question, type QuestionKind, Quiz } from '../floor/quiz.entities';
import { localized } from '../floor/localized';
import type { AnswerValue } from '../floor/attempt.entities';

export interface SheetOption {
  id: string;
  text: Localized;
  isCorrect: boolean;
}

export interface SheetQuestion {
  id: string;
  position: number;
  kind: QuestionKind;
  text: Localized;
  imageUrl: string | null;
  points: number;
  options: SheetOption[];
  accepted: { value?: number; tolerance?: number; texts?: string[] } | null;
  explanation: Localized;
}

/** A quiz as scoring and play need it: questions in order with their choices and what is correct. */
export interface Sheet {
  quizId: string;
  title: Localized;
  description: Localized;
  durationSeconds: number;
  shuffle: boolean;
  questions: SheetQuestion[];
  byId: Map<string, SheetQuestion>;
  maxPoints: number;
}

/**
 * A permutation of `items` fixed by `seed`: each item is ranked by SHA-256 of the seed and its key. Independent
 * uniform ranks give every order the same chance (1/n!), and the same seed gives the same order on any node.
 * Answers name question and option ids, never positions, so scoring does not depend on the order shown.
 */
export function seededOrder<T>(items: readonly T[], seed: string, key: (item: T) => string): T[] {
  const ranked = items.map((item) => ({ item, k: key(item), rank: createHash('sha256').update(`${seed}:${key(item)}`).digest('hex') }));
  ranked.sort((a, b) => (a.rank < b.rank ? -1 : a.rank > b.rank ? 1 : a.k < b.k ? -1 : a.k > b.k ? 1 : 0));
  return ranked.map((r) => r.item);
}

/** The options of a question in the order an attempt shows them. */
export function optionsFor(q: SheetQuestion, attempt: { id: string; shuffled: boolean }): SheetOption[] {
  return attempt.shuffled ? seededOrder(q.options, `${attempt.id}:${q.id}`, (o) => o.id) : q.options;
}

/**
 * Quiz sheets, cached per process for a few seconds: on olympiad morning every answer save needs its question,
 * and the same few quizzes are read by everyone. Staff edits show within the cache's life (5 s).
 */
@Injectable()
export class Sheets {
  private readonly cache = new LRUCache<string, Sheet>({ max: 500, ttl: 5_000 });

  constructor(private readonly ds: DataSource) {}

  async of(quizId: string, manager: EntityManager = this.ds.manager): Promise<Sheet> {
    const hit = this.cache.get(quizId);
    if (hit) return hit;
    const sheet = await this.load(quizId, manager);
    this.cache.set(quizId, sheet);
    return sheet;
  }

  forget(quizId: string): void {
    this.cache.delete(quizId);
  }

  private async load(quizId: string, manager: EntityManager): Promise<Sheet> {
    const quiz = await manager.findOneBy(Quiz, { id: quizId });
    if (!quiz) throw notFound();
    const questions = await manager.find(Question, { where: { quizId }, order: { position: 'ASC', id: 'ASC' } });
    const options = questions.length
      ? await manager
          .createQueryBuilder(AnswerOption, 'a')
          .where('a.question_id IN (:...ids)', { ids: questions.map((q) => q.id) })
          .orderBy('a.position', 'ASC')
          .addOrderBy('a.id', 'ASC')
          .getMany()
      : [];
    const byQuestion = new Map<string, SheetOption[]>();
    for (const o of options) {
      const list = byQuestion.get(o.questionId) ?? [];
      list.push({ id: o.id, text: localized(o, 'text'), isCorrect: o.isCorrect });
      byQuestion.set(o.questionId, list);
    }
    const sheetQuestions: SheetQuestion[] = questions.map((q) => ({
      id: q.id,
      position: q.position,
      kind: q.kind,
      text: localized(q, 'text'),
      imageUrl: q.imageUrl,
      points: q.points,
      options: byQuestion.get(q.id) ?? [],
      accepted: q.accepted,
      explanation: localized(q, 'explanation'),
    }));
    return {
      quizId,
      title: localized(quiz, 'title'),
      description: localized(quiz, 'description'),
      durationSeconds: quiz.durationSeconds,
      shuffle: quiz.shuffle,
      questions: sheetQuestions,
      byId: new Map(sheetQuestions.map((q) => [q.id, q])),
      maxPoints: sheetQuestions.reduce((s, q) => s + q.points, 0),
    };
  }
}

/** Checks an answer against its question's kind and choices; answers the normalized value or throws ANSWER_INVALID. */
export function normalizeAnswer(q: SheetQuestion, raw: Record<string, unknown>): AnswerValue {
  const invalid = () => new DomainError('ANSWER_INVALID', { kind: q.kind });
  const optionIds = new Set(q.options.map((o) => o.id));
  switch (q.kind) {
    case 'single': {
      const id = raw.optionId;
      if (typeof id !== 'string' || !optionIds.has(id) || Object.keys(raw).length !== 1) throw invalid();
      return { optionId: id };
    }
    case 'multiple': {
      const ids = raw.optionIds;
      if (!Array.isArray(ids) || ids.length === 0 || Object.keys(raw).length !== 1) throw invalid();
      if (!ids.every((id) => typeof id === 'string' && optionIds.has(id))) throw invalid();
      return { optionIds: [...new Set(ids as string[])].sort() };
    }
    case 'numeric': {
      const v = raw.value;
      const n = typeof v === 'number' ? v : typeof v === 'string' ? Number(v.trim().replace(',', '.').replace(/\s+/g, '')) : NaN;
      if (!Number.isFinite(n) || Object.keys(raw).length !== 1 || (typeof v === 'string' && v.trim() === '')) throw invalid();
      return { value: n };
    }
    case 'text': {
      const t = raw.text;
      if (typeof t !== 'string' || t.trim() === '' || t.length > 500 || Object.keys(raw).length !== 1) throw invalid();
      return { text: t.trim() };
    }
  }
}

/** Case, surrounding spaces, repeated spaces and ё/е do not matter for short-text answers. */
export const normalizeText = (s: string) => s.trim().toLocaleLowerCase('ru').replace(/\s+/g, ' ').replace(/ё/g, 'е');

/** Whether an answer is right. Multiple choice is all-or-nothing: exactly the correct set. */
export function isCorrect(q: SheetQuestion, a: AnswerValue): boolean {
  switch (q.kind) {
    case 'single':
      return 'optionId' in a && q.options.some((o) => o.id === a.optionId && o.isCorrect);
    case 'multiple': {
      if (!('optionIds' in a)) return false;
      const correct = q.options.filter((o) => o.isCorrect).map((o) => o.id).sort();
      return correct.length > 0 && correct.length === a.optionIds.length && correct.every((id, i) => id === a.optionIds[i]);
    }
    case 'numeric':
      return 'value' in a && q.accepted?.value !== undefined && Math.abs(a.value - q.accepted.value) <= (q.accepted.tolerance ?? 1e-9);
    case 'text':
      return 'text' in a && (q.accepted?.texts ?? []).some((t) => normalizeText(t) === normalizeText(a.text));
  }
}

/** What is correct, to show after the attempt is finished. */
export function correctAnswerOf(q: SheetQuestion) {
  switch (q.kind) {
    case 'single':
    case 'multiple':
      return { optionIds: q.options.filter((o) => o.isCorrect).map((o) => o.id) };
    case 'numeric':
      return { value: q.accepted?.value ?? null, tolerance: q.accepted?.tolerance ?? 0 };
    case 'text':
      return { texts: q.accepted?.texts ?? [] };
  }
}
