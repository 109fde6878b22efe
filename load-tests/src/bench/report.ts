import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** A bar chart as inline SVG: label, value, and an optional second value (the baseline) drawn beside it. */
function bars(title: string, rows: { label: string; value: number; baseline?: number }[], unit: string): string {
  const max = Math.max(1, ...rows.flatMap((r) => [r.value, r.baseline ?? 0]));
  const h = 28 * rows.length + 40;
  const items = rows
    .map((r, i) => {
      const y = 30 + i * 28;
      const w = (r.value / max) * 420;
      const b = r.baseline !== undefined ? (r.baseline / max) * 420 : 0;
      return `<text x="0" y="${y + 12}" font-size="12">${escapeXml(r.label)}</text>
<rect x="220" y="${y}" width="${w.toFixed(1)}" height="10" fill="#1f6feb"/><text x="${(225 + w).toFixed(1)}" y="${y + 9}" font-size="10">${r.value} ${unit}</text>
${r.baseline !== undefined ? `<rect x="220" y="${y + 12}" width="${b.toFixed(1)}" height="8" fill="#9aa4ae"/><text x="${(225 + b).toFixed(1)}" y="${y + 20}" font-size="10">baseline ${r.baseline}</text>` : ''}`;
    })
    .join('\n');
  return `<figure><figcaption>${escapeXml(title)}</figcaption><svg xmlns="http://www.w3.org/2000/svg" width="760" height="${h}" font-family="system-ui,sans-serif">${items}</svg></figure>`;
}

const escapeXml = (s: string) => s.replace(/[<>&"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;' })[c] as string);

export interface Chart {
  title: string;
  unit: string;
  rows: { label: string; value: number; baseline?: number }[];
}

/** Writes the run as JSON and as a small HTML page with charts, into load-tests/reports/. */
export function writeReport(dir: string, report: Record<string, unknown>, charts: Chart[]): { json: string; html: string } {
  mkdirSync(dir, { recursive: true });
  const stamp = new Date().toISOString().replace(/[:.]/g, '-').slice(0, 19);
  const json = join(dir, `bench-${stamp}.json`);
  const html = join(dir, `bench-${stamp}.html`);
  writeFileSync(json, `${JSON.stringify(report, null, 2)}\n`);
  writeFileSync(
    html,
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Altyn Saqa benchmark ${stamp}</title>
<style>body{font-family:system-ui,sans-serif;max-width:820px;margin:2em auto}figure{margin:1.5em 0}figcaption{font-weight:600;margin-bottom:.4em}pre{background:#f6f8fa;padding:1em;overflow:auto;font-size:12px}</style></head>
<body><h1>Benchmark ${stamp}</h1>${charts.map((c) => bars(c.title, c.rows, c.unit)).join('\n')}
<h2>All figures</h2><pre>${escapeXml(JSON.stringify(report, null, 2))}</pre></body></html>\n`,
  );
  return { json, html };
}
