import { spawnSync } from 'node:child_process';
import type { Response } from 'superagent';

/**
 * The text a PDF reader (pdf-parse, over Mozilla's pdf.js) extracts from the file. pdf.js loads its worker with a
 * dynamic import, which jest's module system refuses, so the reader runs in a child node process.
 */
export function textOf(pdf: Uint8Array): string {
  const script = `const { PDFParse } = require('pdf-parse');
const chunks = []; process.stdin.on('data', (c) => chunks.push(c)).on('end', async () => {
  const parser = new PDFParse({ data: Buffer.concat(chunks) });
  process.stdout.write((await parser.getText()).text); await parser.destroy();
});`;
  const run = spawnSync(process.execPath, ['-e', script], { input: Buffer.from(pdf), encoding: 'utf8', cwd: __dirname, maxBuffer: 16 << 20 });
  expect(run.stderr).toBe('');
  return run.stdout.normalize('NFC');
}

/** A supertest parser that keeps a binary body as one Buffer. */
export function binary(res: Response, done: (err: Error | null, body: Buffer) => void): void {
  const chunks: Buffer[] = [];
  res.on('data', (c: Buffer) => chunks.push(c));
  res.on('end', () => done(null, Buffer.concat(chunks)));
}
