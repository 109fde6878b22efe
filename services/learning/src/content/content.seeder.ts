import { Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { DataSource } from 'typeorm';

/** The four question kinds scoring knows, and the usual quiz types; inserted once, staff may rename them. */
export const QUESTION_TYPE_ROWS = [
  { code: 'single', nameKk: 'Бір дұрыс жауап', nameRu: 'Один верный ответ', nameEn: 'Single choice' },
  { code: 'multiple', nameKk: 'Бірнеше дұрыс жауап', nameRu: 'Несколько верных ответов', nameEn: 'Multiple choice' },
  { code: 'numeric', nameKk: 'Сандық жауап', nameRu: 'Числовой ответ', nameEn: 'Numeric answer' },
  { code: 'text', nameKk: 'Қысқа жауап', nameRu: 'Краткий ответ', nameEn: 'Short text' },
] as const;

export const QUIZ_TYPE_ROWS = [
  { code: 'challenge-day', nameKk: 'Челлендж күнінің тесті', nameRu: 'Тест дня челленджа', nameEn: 'Challenge day test' },
  { code: 'olympiad', nameKk: 'Олимпиада', nameRu: 'Олимпиада', nameEn: 'Olympiad' },
  { code: 'training', nameKk: 'Жаттығу', nameRu: 'Тренировка', nameEn: 'Training' },
] as const;

@Injectable()
export class ContentSeeder implements OnApplicationBootstrap {
  constructor(private readonly ds: DataSource) {}

  async onApplicationBootstrap(): Promise<void> {
    for (const [table, rows] of [['question_types', QUESTION_TYPE_ROWS], ['quiz_types', QUIZ_TYPE_ROWS]] as const) {
      for (const r of rows) {
        await this.ds.query(
          `INSERT INTO ${table} (code, name_kk, name_ru, name_en) VALUES ($1, $2, $3, $4) ON CONFLICT (code) DO NOTHING`,
          [r.code, r.nameKk, r.nameRu, r.nameEn],
        );
      }
    }
  }
}
