/**
 * Rows many replies share, serialized once. A leaderboard's cached page (100 rows, made once per page and language)
 * goes to every pupil who asks within the cache's two seconds, and a profile of the own-rank requests put 15 % of
 * learning's CPU in Fastify serializing those same rows again for each reply (docs/performance.md). `jsonOnce(rows)`
 * marks an array, which must not change afterwards, and keeps its JSON; the kit's reply serializer (`serializeReply`,
 * every service's Fastify) writes a marked array found as a top-level field of a reply from that JSON. Anything else
 * is `JSON.stringify`, and the bytes are the same either way.
 */
const serialized = new WeakMap<object, string>();

/** Marks `rows` as serialized once (see above) and returns them. */
export function jsonOnce<T extends readonly unknown[]>(rows: T): T {
  if (!serialized.has(rows)) serialized.set(rows, JSON.stringify(rows));
  return rows;
}

/** A reply's JSON: `JSON.stringify(payload)`, with top-level fields marked by `jsonOnce` taken from their kept JSON. */
export function serializeReply(payload: unknown): string {
  if (payload === null || typeof payload !== 'object' || Array.isArray(payload) || typeof (payload as { toJSON?: unknown }).toJSON === 'function') {
    return JSON.stringify(payload);
  }
  const fields = payload as Record<string, unknown>;
  const keys = Object.keys(fields);
  if (!keys.some((k) => typeof fields[k] === 'object' && fields[k] !== null && serialized.has(fields[k]))) return JSON.stringify(payload);
  const parts: string[] = [];
  for (const k of keys) {
    const v = fields[k];
    const json = (typeof v === 'object' && v !== null && serialized.get(v)) || JSON.stringify(v);
    // As JSON.stringify: a field whose value has no JSON (undefined, a function) is left out.
    if (json !== undefined) parts.push(`${JSON.stringify(k)}:${json}`);
  }
  return `{${parts.join(',')}}`;
}
