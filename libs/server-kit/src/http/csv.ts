/**
 * CSV for spreadsheets, shared by every export (finance's payments, shop's orders, learning's attendance report)
 * (RFC 4180): fields quoted when needed, and a cell that a spreadsheet would run as a formula
 * (starting with = + - @ or a control character) is prefixed with an apostrophe (OWASP "CSV injection").
 */
export function csvCell(value: unknown): string {
  if (value === null || value === undefined) return '';
  let s = value instanceof Date ? value.toISOString() : String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(s)) s = `'${s}`;
  return /[",\r\n]/.test(s) ? `"${s.replaceAll('"', '""')}"` : s;
}

/** One line of cells, CRLF-terminated (for exports written row by row as a stream). */
export function csvLine(cells: readonly unknown[]): string {
  return `${cells.map(csvCell).join(',')}\r\n`;
}

/** A byte-order mark first, so Excel reads Kazakh and Russian titles as UTF-8. */
export function toCsv(header: readonly unknown[], rows: readonly (readonly unknown[])[]): string {
  return `\uFEFF${[header, ...rows].map(csvLine).join('')}`;
}
