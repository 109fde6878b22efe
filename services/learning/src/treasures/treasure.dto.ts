import { z } from 'zod';
import { localizedFields, title, uuid } from '../floor/localized';

const reward = z.number().int().min(0).max(1_000_000).default(0);

/** A challenge treasure (`treasures`); training treasures have their own path with the same fields. */
export const createTreasure = z.strictObject({
  boardId: uuid,
  checkpointId: uuid.nullable().optional(),
  subchapterId: uuid.nullable().optional(),
  ...localizedFields('title', title),
  rewardXp: reward,
  rewardZp: reward,
  rewardAltynSaqa: reward,
  position: z.number().int().min(0).max(100_000).default(0),
});
export const updateTreasure = createTreasure.omit({ boardId: true }).partial();
