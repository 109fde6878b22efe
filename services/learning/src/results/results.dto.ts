import { z } from 'zod';
import { numeral } from '@olymp/server-kit';

export const resultsQuery = z.strictObject({
  page: numeral(z.number().int().min(1).max(100_000).default(1)),
  perPage: numeral(z.number().int().min(1).max(200).default(50)),
  quizId: z.uuid().optional(),
  provinceId: numeral(z.number().int().positive().max(2_147_483_647).optional()),
  districtId: numeral(z.number().int().positive().max(2_147_483_647).optional()),
  schoolId: numeral(z.number().int().positive().max(2_147_483_647).optional()),
});

export const reportQuery = z.strictObject({ challengeId: z.uuid(), userId: z.uuid() });
