import { z } from 'zod';

export const resultsQuery = z.strictObject({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  perPage: z.coerce.number().int().min(1).max(200).default(50),
  quizId: z.uuid().optional(),
  provinceId: z.coerce.number().int().positive().optional(),
  districtId: z.coerce.number().int().positive().optional(),
  schoolId: z.coerce.number().int().positive().optional(),
});

export const reportQuery = z.strictObject({ challengeId: z.uuid(), userId: z.uuid() });
