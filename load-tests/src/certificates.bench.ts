/**
 * `npm run bench:certificates -w load-tests`: certificate PDFs per second and peak memory as the count grows
 * (BENCH_CERTS, default 1000,2000,5000,10000), rendering in one process as the learning service's worker does (one
 * at a time, each PDF written to a temp file and dropped). It measures the PDF (pdf-lib, the embedded font subset,
 * the QR code), not the database rows or the storage. Memory should stay flat as the count grows.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { renderCertificatePdf } from '@olymp/learning/dist/certificates/certificate-pdf';

const COUNTS = (process.env.BENCH_CERTS ?? '1000,2000,5000,10000').split(',').map(Number).filter((n) => n > 0);

async function run(count: number, dir: string) {
  let peak = process.memoryUsage().rss;
  let bytes = 0;
  const started = process.hrtime.bigint();
  for (let i = 0; i < count; i++) {
    const pdf = await renderCertificatePdf({
      locale: (['kk', 'ru', 'en'] as const)[i % 3], template: null, challengeTitle: 'Математика көктемі', name: `Әйгерім Құрманғазықызы ${i}`,
      points: 1000 - (i % 1000), place: i + 1, ranked: count, date: '2026-11-27', code: `K${String(i).padStart(9, '2')}`,
      checkUrl: `https://olymp.kz/achievements/K${String(i).padStart(9, '2')}`,
    });
    bytes += pdf.length;
    writeFileSync(join(dir, 'c.pdf'), pdf);
    if (i % 50 === 0) peak = Math.max(peak, process.memoryUsage().rss);
  }
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  return { count, seconds: Math.round(seconds * 10) / 10, perSecond: Math.round((count / seconds) * 10) / 10, avgKb: Math.round(bytes / count / 1024), peakRssMb: Math.round(peak / 2 ** 20) };
}

async function main() {
  const dir = mkdtempSync(join(tmpdir(), 'certs-bench-'));
  try {
    const rows = [];
    for (const count of COUNTS) {
      rows.push(await run(count, dir));
      process.stdout.write(`${JSON.stringify(rows[rows.length - 1])}\n`);
    }
    process.stdout.write(`${JSON.stringify({ certificates: rows }, null, 2)}\n`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

void main().catch((err: unknown) => {
  process.stderr.write(`${String(err)}\n`);
  process.exit(1);
});
