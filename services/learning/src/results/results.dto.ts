import { z } from 'zod';
import { numeral } from '@olymp/server-kit';

export const resultsQuery = z.strictObject({
  page: numeral(z.number().int().min(1).max(100_000).default(1)),
  perPage: numeral(z.number().int().min(1).max(200).default(50)),
  quizId: z.uuid().optional(),
  provinceId: numeral(z.number().int().positive().optional()),
  districtId: numeral(z.number().int().positive().optional()),
  schoolId: numeral(z.number().int().positive().optional()),
});

export const reportQuery = z.strictObject({ challengeId: z.uuid(), userId: z.uuid() });
