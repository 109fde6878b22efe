/**
 * CSV for spreadsheets (RFC 4180): fields quoted when needed, and a cell that a spreadsheet would run as a formula
 * (starting with = + - @ or a control character) is prefixed with an apostrophe (OWASP "CSV injection").
 */
export function csvCell(value: unknown): string {
  if (value === null || value === undefined) return '';
  let s = value instanceof Date ? value.toISOString() : String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(s)) s = `'${s}`;
  return /[",\r\n]/.test(s) ? `"${s.replaceAll('"', '""')}"` : s;
}

/** A byte-order mark first, so Excel reads Kazakh and Russian titles as UTF-8. */
export function toCsv(header: string[], rows: unknown[][]): string {
  return `\uFEFF${[header, ...rows].map((r) => r.map(csvCell).join(',')).join('\r\n')}\r\n`;
}
