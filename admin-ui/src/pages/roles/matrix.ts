/**
 * The roles x permission keys matrix (spec 6): keys grouped by their domain (`challenge:update` is in `challenge`),
 * each role's set as edited, and which roles differ from what the server holds (only those are saved).
 */

export interface KeyGroup {
  group: string;
  keys: string[];
}

/** Keys grouped by the part before the first ':', groups and keys sorted; a key without ':' is its own group. */
export function groupKeys(keys: readonly string[]): KeyGroup[] {
  const groups = new Map<string, string[]>();
  for (const key of new Set(keys)) {
    const group = key.includes(':') ? key.slice(0, key.indexOf(':')) : key;
    groups.set(group, [...(groups.get(group) ?? []), key]);
  }
  return [...groups.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([group, list]) => ({ group, keys: list.sort() }));
}

/** The set with `keys` turned on or off (one key, or a whole group at once). */
export function withKeys(set: ReadonlySet<string>, keys: readonly string[], on: boolean): Set<string> {
  const next = new Set(set);
  for (const k of keys) {
    if (on) next.add(k);
    else next.delete(k);
  }
  return next;
}

/** 'all', 'some' or 'none' of `keys` in the set: a group's checkbox is checked, indeterminate or clear. */
export function coverage(set: ReadonlySet<string>, keys: readonly string[]): 'all' | 'some' | 'none' {
  const held = keys.filter((k) => set.has(k)).length;
  return held === 0 ? 'none' : held === keys.length ? 'all' : 'some';
}

/** Role ids whose edited set differs from the server's. */
export function changedRoles(server: ReadonlyMap<number, readonly string[]>, edited: ReadonlyMap<number, ReadonlySet<string>>): number[] {
  const out: number[] = [];
  for (const [id, set] of edited) {
    const before = new Set(server.get(id) ?? []);
    if (before.size !== set.size || [...set].some((k) => !before.has(k))) out.push(id);
  }
  return out.sort((a, b) => a - b);
}

/** Keys matching a filter text (case-insensitive substring); every key for an empty filter. */
export function filterKeys(keys: readonly string[], text: string): string[] {
  const q = text.trim().toLowerCase();
  return q ? keys.filter((k) => k.toLowerCase().includes(q)) : [...keys];
}
