import { createHash } from 'node:crypto';

/** A uuid (v4-shaped) that is always the same for the same name: ids of seeded rows that a restart must find again. */
export function stableUuid(name: string): string {
  const h = createHash('sha256').update(name).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-a${h.slice(17, 20)}-${h.slice(20, 32)}`;
}
