/**
 * Certificates in bulk through the API (docs/learning.md, "Certificates"): a challenge with BENCH_CERTS (10,000)
 * finishers, written straight into the tables as playing leaves them (auth users with a language each, a ranked
 * participation and a `challenge-finisher` achievement: the setup, not measured). Then, as staff through the gateway:
 * `POST .../certs/generate` (scope all) and `GET .../certs/progress` every 500 ms until done; learning's RSS is read
 * every 250 ms (peak) and at each quarter of the count (flat memory: RSS at the whole count / RSS at a quarter near
 * 1). Certificates per second are counted from the generate call to the poll that saw the run done. Then
 * `GET .../certs/zip` is streamed to nothing (time, bytes, the entry count from the archive's end record, learning's
 * RSS while it streams) and `DELETE .../certs` removes the files. Baseline, in the same run: the bare
 * `renderCertificatePdf` rendering the same number of PDFs one at a time in this process (each written to a temp
 * file, as the worker spools it), so the ratio API-rate / bare-rate is what the rows, the storage and the run cost.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { request } from 'undici';
import { renderCertificatePdf } from '@olymp/learning/dist/certificates/certificate-pdf';
import type { Stack } from './stack';
import { cpuMs, progress, round, rssMb } from './stats';

const ADMIN_PHONE = '+77000000001';
const LOCALES = ['kk', 'ru', 'en'] as const;
const ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';
const FIRST = ['Әйгерім', 'Нұрсұлтан', 'Ғалия', 'Өмірзақ', 'Ұлжан', 'Қайрат', 'Іңкәр', 'Һадия'];
const LAST = ['Құрманғазықызы', 'Төлегенов', 'Сәрсенбаева', 'Жұмабеков'];
const TITLE = { kk: 'Сертификат бенчі', ru: 'Бенч сертификатов', en: 'Certificate bench' } as const;

/** A distinct 10-character certificate code per finisher, in the alphabet certificate codes use. */
const codeOf = (i: number) => {
  let s = '';
  for (let n = i, k = 0; k < 6; k++, n = Math.floor(n / ALPHABET.length)) s = ALPHABET[n % ALPHABET.length] + s;
  return `BN${s}QQ`;
};
const nameOf = (i: number) => ({ first: `${FIRST[i % FIRST.length]}`, last: `${LAST[i % LAST.length]}-${i}` });

async function call(base: string, method: 'GET' | 'POST' | 'DELETE', path: string, token: string | null, body?: unknown) {
  const res = await request(`${base}${path}`, {
    method,
    headers: { accept: 'application/json', ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.body.text();
  return { status: res.statusCode, body: (text ? JSON.parse(text) : {}) as Record<string, unknown> };
}

/** The demo admin signs in through the development SMS inbox (staff key `certs:*`). */
async function staffToken(base: string): Promise<string> {
  const device = `bench-certs-${randomUUID().slice(0, 8)}`;
  const sent = await call(base, 'POST', '/api/send-otp', null, { phone: ADMIN_PHONE, purpose: 'login', device_id: device });
  if (sent.status !== 200) throw new Error(`admin send-otp ${sent.status} ${JSON.stringify(sent.body)}`);
  const deadline = Date.now() + 30_000;
  for (;;) {
    const inbox = await call(base, 'GET', `/api/dev/sms?to=${encodeURIComponent(ADMIN_PHONE)}&limit=1`, null);
    const code = (inbox.body.data as { code: string | null }[] | undefined)?.[0]?.code;
    if (code) {
      const login = await call(base, 'POST', '/api/login', null, { phone: ADMIN_PHONE, otp: code, device_id: device });
      if (login.status !== 200 && login.status !== 201) throw new Error(`admin login ${login.status} ${JSON.stringify(login.body)}`);
      return (login.body.data as { token: string }).token;
    }
    if (Date.now() > deadline) throw new Error('no admin code in the development inbox');
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** Setup: a challenge through the API, then `n` finishers by bulk SQL (pages of 2,000). */
async function seedFinishers(stack: Stack, token: string, n: number): Promise<string> {
  const base = stack.platform.url;
  const now = Date.now();
  const created = await call(base, 'POST', '/api/challenges', token, {
    titleKk: TITLE.kk, titleRu: TITLE.ru, titleEn: TITLE.en, grade: null,
    startsAt: new Date(now - 7 * 86_400_000).toISOString(), endsAt: new Date(now - 86_400_000).toISOString(), priceTenge: 0, priceZp: 0,
  });
  if (created.status !== 201) throw new Error(`create challenge ${created.status} ${JSON.stringify(created.body)}`);
  const challengeId = created.body.id as string;
  for (let from = 0; from < n; from += 2000) {
    const idx = Array.from({ length: Math.min(2000, n - from) }, (_, k) => from + k);
    const ids = idx.map(() => randomUUID());
    const first = idx.map((i) => nameOf(i).first);
    const last = idx.map((i) => nameOf(i).last);
    await stack.sql(
      `INSERT INTO auth.users (id, phone, first_name, last_name, role_id, grade, locale)
       SELECT unnest($1::uuid[]), unnest($2::text[]), unnest($3::text[]), unnest($4::text[]), 7, 5, unnest($5::text[])`,
      [ids, idx.map((i) => `+7706${String(i).padStart(7, '0')}`), first, last, idx.map((i) => LOCALES[i % 3])],
    );
    await stack.sql(
      `INSERT INTO learning.participations (id, board_kind, board_id, user_id, via, first_name, last_name, points, time_spent_ms, finished_quizzes)
       SELECT gen_random_uuid(), 'challenge', $1, u, 'free', f, l, p, 60000 + p, 1
         FROM unnest($2::uuid[], $3::text[], $4::text[], $5::int[]) AS x(u, f, l, p)`,
      [challengeId, ids, first, last, idx.map((i) => 1_000_000 - i)],
    );
    await stack.sql(
      `INSERT INTO learning.achievements (id, user_id, challenge_id, code, certificate_code, title_kk, title_ru, title_en, points, earned_at)
       SELECT gen_random_uuid(), u, $1, 'challenge-finisher', c, $4, $5, $6, p, now()
         FROM unnest($2::uuid[], $3::text[], $7::int[]) AS x(u, c, p)`,
      [challengeId, ids, idx.map(codeOf), TITLE.kk, TITLE.ru, TITLE.en, idx.map((i) => 1_000_000 - i)],
    );
  }
  await stack.sql('ANALYZE learning.participations; ANALYZE learning.achievements');
  return challengeId;
}

/** Marks of memory: RSS when the count first reached each quarter of `n`. */
const quarters = (n: number) => [1, 2, 3, 4].map((q) => Math.round((n * q) / 4));

/** The bare renderer, one PDF at a time in this process, each written to a temp file: the baseline. */
async function bareRender(n: number) {
  const dir = mkdtempSync(join(tmpdir(), 'certs-bench-'));
  const marks = quarters(n);
  const rssAtDone: Record<string, number> = {};
  let peak = rssMb(process.pid);
  let bytes = 0;
  const t0 = performance.now();
  try {
    for (let i = 0; i < n; i++) {
      const { first, last } = nameOf(i);
      const locale = LOCALES[i % 3];
      const pdf = await renderCertificatePdf({
        locale, template: null, challengeTitle: TITLE[locale], name: `${first} ${last}`, points: 1_000_000 - i, place: i + 1, ranked: n,
        date: new Date().toISOString().slice(0, 10), code: codeOf(i), checkUrl: `http://localhost:5173/achievements/${codeOf(i)}`,
      });
      bytes += pdf.length;
      writeFileSync(join(dir, 'c.pdf'), pdf);
      if (i % 50 === 0) peak = Math.max(peak, rssMb(process.pid));
      if (marks.includes(i + 1)) rssAtDone[i + 1] = rssMb(process.pid);
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  const seconds = (performance.now() - t0) / 1000;
  return { count: n, seconds: round(seconds, 1), perSecond: round(n / seconds, 1), avgKb: Math.round(bytes / n / 1024), peakRssMb: peak, rssAtDoneMb: rssAtDone };
}

/** Streams the ZIP to nothing; the entry count is read from the archive's end-of-central-directory record. */
async function streamZip(stack: Stack, token: string, challengeId: string) {
  const learning = stack.pid('learning');
  const before = rssMb(learning);
  let peak = before;
  const sampler = setInterval(() => (peak = Math.max(peak, rssMb(learning))), 250);
  const t0 = performance.now();
  try {
    const res = await request(`${stack.platform.url}/api/challenges/${challengeId}/certs/zip`, { headers: { authorization: `Bearer ${token}` } });
    if (res.statusCode !== 200) throw new Error(`zip ${res.statusCode} ${await res.body.text()}`);
    let bytes = 0;
    let tail = Buffer.alloc(0);
    for await (const chunk of res.body as AsyncIterable<Buffer>) {
      bytes += chunk.length;
      tail = Buffer.concat([tail, chunk]).subarray(-22);
    }
    const seconds = (performance.now() - t0) / 1000;
    const entries = tail.readUInt32LE(0) === 0x06054b50 ? tail.readUInt16LE(10) : null;
    return { seconds: round(seconds, 2), mb: round(bytes / 2 ** 20, 1), mbPerSecond: round(bytes / 2 ** 20 / seconds, 1), entries, learningRssBeforeMb: before, learningRssPeakMb: peak, learningRssAfterMb: rssMb(learning) };
  } finally {
    clearInterval(sampler);
  }
}

export async function certsBench(stack: Stack, n: number) {
  const base = stack.platform.url;
  const loadAtStart = loadavg().map((l) => round(l, 2));
  const token = await staffToken(base);
  progress(`certificates: seeding a challenge with ${n} finishers (bulk SQL)`);
  const challengeId = await seedFinishers(stack, token, n);

  const learning = stack.pid('learning');
  const marks = quarters(n);
  const rssAtDone: Record<string, number> = {};
  const rssAtStart = rssMb(learning);
  let peak = rssAtStart;
  const sampler = setInterval(() => (peak = Math.max(peak, rssMb(learning))), 250);
  const cpu0 = cpuMs(learning);
  progress(`certificates: generate ${n} through the API, polling progress`);
  const t0 = performance.now();
  let last: { done: number; total: number; status: string } | null = null;
  try {
    const started = await call(base, 'POST', `/api/challenges/${challengeId}/certs/generate`, token, { scope: 'all', locale: 'kk' });
    if (started.status !== 202) throw new Error(`generate ${started.status} ${JSON.stringify(started.body)}`);
    let logged = 0;
    // One certificate a second at the least (a loaded 2-core machine makes ~5): a stuck run fails, a slow one not.
    const deadline = Date.now() + Math.max(120_000, n * 1000);
    while (last?.status !== 'done') {
      const p = await call(base, 'GET', `/api/challenges/${challengeId}/certs/progress`, token);
      if (p.status !== 200) throw new Error(`progress ${p.status} ${JSON.stringify(p.body)}`);
      last = p.body.data as { done: number; total: number; status: string };
      if (last.total !== n) throw new Error(`the run holds ${last.total} certificates, not ${n}`);
      for (const m of marks) if (last.done >= m && rssAtDone[m] === undefined) rssAtDone[m] = rssMb(learning);
      if (last.done - logged >= Math.max(500, n / 10)) {
        logged = last.done;
        progress(`certificates: ${last.done}/${n}, learning RSS ${rssMb(learning)} MB`);
      }
      if (last.status === 'done') break;
      if (Date.now() > deadline) throw new Error(`certificates not done in time: ${JSON.stringify(last)}`);
      await new Promise((r) => setTimeout(r, 500));
    }
  } finally {
    clearInterval(sampler);
  }
  const seconds = (performance.now() - t0) / 1000;
  const learningCpuSeconds = round((cpuMs(learning) - cpu0) / 1000, 1);
  // The worker's own rate: first to last file made, as progress's estimate counts it.
  const [span] = await stack.sql<{ seconds: number; avg_kb: number }>(
    `SELECT EXTRACT(EPOCH FROM MAX(f.done_at) - MIN(f.done_at))::float AS seconds, AVG(f.size)::float / 1024 AS avg_kb
       FROM learning.certificate_files f JOIN learning.certificate_runs r ON r.id = f.run_id WHERE r.challenge_id = $1`,
    [challengeId],
  );
  const api = {
    count: n, seconds: round(seconds, 1), perSecond: round(n / seconds, 1), workerPerSecond: span.seconds > 0 ? round((n - 1) / span.seconds, 1) : null,
    avgKb: Math.round(span.avg_kb), learningCpuSeconds, learningRssAtStartMb: rssAtStart, learningRssPeakMb: peak, learningRssAtDoneMb: rssAtDone,
    rssRatioWholeToQuarter: rssAtDone[marks[0]] ? round(rssAtDone[marks[3]] / rssAtDone[marks[0]], 2) : null,
  };
  progress(`certificates: ${api.perSecond}/s through the API; learning RSS ${JSON.stringify(rssAtDone)} MB`);

  progress('certificates: streaming the ZIP');
  const zip = await streamZip(stack, token, challengeId);
  if (zip.entries !== null && zip.entries !== n) throw new Error(`the ZIP holds ${zip.entries} entries, not ${n}`);
  const cleared = await call(base, 'DELETE', `/api/challenges/${challengeId}/certs`, token);
  if (cleared.status !== 200) throw new Error(`clear ${cleared.status} ${JSON.stringify(cleared.body)}`);

  progress(`certificates baseline: the bare renderer, ${n} PDFs in this process`);
  const bare = await bareRender(n);
  // The machine's load average (1, 5, 15 min) when the scenario started and ended: other work on the cores shows here.
  return { count: n, api, zip, bare, rateRatio: round(api.perSecond / bare.perSecond, 2), loadAverage: { start: loadAtStart, end: loadavg().map((l) => round(l, 2)) } };
}
