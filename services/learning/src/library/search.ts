/** Words of a search as a prefix query (`simple` config): "көбейту кест" finds "Көбейту кестесі". Only letters and digits reach to_tsquery. */
export function prefixQuery(q: string): string | null {
  const words = q.toLowerCase().split(/[^\p{L}\p{N}]+/u).filter(Boolean).slice(0, 8);
  return words.length ? words.map((w) => `${w}:*`).join(' & ') : null;
}
