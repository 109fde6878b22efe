/** Builds `group:name` permission keys with literal types. */
export const keys = <G extends string, N extends readonly string[]>(group: G, names: N) =>
  names.map((n) => `${group}:${n}`) as { [K in keyof N]: `${G}:${N[K] & string}` };
