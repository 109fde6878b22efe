/** The tab the URL names if the user may see it, else the first visible one (undefined: none). */
export function activeTab<K extends string>(requested: string | null, visible: readonly K[]): K | undefined {
  return visible.find((k) => k === requested) ?? visible[0];
}
