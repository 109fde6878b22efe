import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import request from 'supertest';
import type { RunningGateway } from '../src/app';
import { relativeFile } from '../src/ui';
import { closeFakes, makeUiDirs, rawRequest, start, startFakes, upstreamEnv, type Fakes } from './helpers';

const IMMUTABLE = 'public, max-age=31536000, immutable';

let fakes: Fakes;
let ui: ReturnType<typeof makeUiDirs>;
let gw: RunningGateway;
let unbuilt: RunningGateway;
let compressed: RunningGateway;

/** A script and an index.html big enough to be worth compressing, as the build writes them. */
const SCRIPT = Buffer.from(Array.from({ length: 400 }, (_, i) => `export const answer${i} = 'вариант ${i}';`).join('\n'));
const INDEX = Buffer.from(`<!doctype html><title>BUILT INDEX</title>${'<link rel="modulepreload" href="/assets/chunk.js">'.repeat(40)}`);
/** The copies the build writes beside a file: a different size from the file, so each has its own ETag. */
function withCopies(file: string, content: Buffer): void {
  writeFileSync(file, content);
  writeFileSync(`${file}.br`, brotliCompressSync(content));
  writeFileSync(`${file}.gz`, gzipSync(content));
}

function makeCompressedBuild(root: string): { admin: string; student: string } {
  const admin = path.join(root, 'built-admin');
  const student = path.join(root, 'built-student');
  for (const dir of [admin, student]) {
    mkdirSync(path.join(dir, 'assets'), { recursive: true });
    withCopies(path.join(dir, 'index.html'), INDEX);
    withCopies(path.join(dir, 'assets', 'index-B4x9Qm2k.js'), SCRIPT);
    // Below the build's threshold: no copies.
    writeFileSync(path.join(dir, 'assets', 'tiny-Cq1r8sZx.js'), 'export{};');
  }
  return { admin, student };
}

beforeAll(async () => {
  fakes = await startFakes();
  ui = makeUiDirs();
  gw = await start({ ...upstreamEnv(fakes), ADMIN_UI_DIR: ui.admin, STUDENT_UI_DIR: ui.student });
  unbuilt = await start({
    ...upstreamEnv(fakes),
    ADMIN_UI_DIR: path.join(ui.root, 'missing-admin'),
    STUDENT_UI_DIR: path.join(ui.root, 'missing-student'),
  });
  const built = makeCompressedBuild(ui.root);
  compressed = await start({ ...upstreamEnv(fakes), ADMIN_UI_DIR: built.admin, STUDENT_UI_DIR: built.student });
});

afterAll(async () => {
  await gw?.close();
  await unbuilt?.close();
  await compressed?.close();
  await closeFakes(fakes ?? {});
  ui?.cleanup();
});

describe('single-page apps', () => {
  it.each(['/admin', '/admin/', '/admin/x', '/admin/users/5/edit', '/admin/x?tab=2'])('%s serves the admin index.html', async (url) => {
    const res = await request(gw.url).get(url);
    expect(res.status).toBe(200);
    expect(res.text).toContain('ADMIN INDEX');
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  it.each(['/', '/student/y', '/student/olympiads/3', '/login', '/administrator'])('%s serves the student index.html', async (url) => {
    const res = await request(gw.url).get(url);
    expect(res.status).toBe(200);
    expect(res.text).toContain('STUDENT INDEX');
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  it('serves hashed assets with a long cache', async () => {
    const admin = await request(gw.url).get('/admin/assets/admin-abc123.js');
    expect(admin.status).toBe(200);
    expect(admin.text).toBe("console.log('ADMIN');");
    expect(admin.headers['content-type']).toMatch(/javascript/);
    expect(admin.headers['cache-control']).toBe(IMMUTABLE);

    const student = await request(gw.url).get('/assets/student-abc123.js');
    expect(student.status).toBe(200);
    expect(student.text).toBe("console.log('STUDENT');");
    expect(student.headers['cache-control']).toBe(IMMUTABLE);
  });

  it('serves other files of the build, revalidated', async () => {
    const res = await request(gw.url).get('/favicon.svg');
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.headers.etag).toEqual(expect.any(String));
  });

  it('answers 404, not index.html, for a missing file', async () => {
    for (const url of ['/assets/gone-123.js', '/admin/assets/gone.css', '/robots.txt', '/admin/logo.png']) {
      const res = await request(gw.url).get(url);
      expect({ url, status: res.status, code: res.body.code }).toEqual({ url, status: 404, code: 'ROUTE_NOT_FOUND' });
    }
  });

  it('does not let a path escape the build folder', async () => {
    for (const url of ['/../../etc/passwd', '/admin/..%2f..%2fetc/passwd', '/%2e%2e/%2e%2e/etc/passwd', '/assets/..%2f..%2fadmin/index.html']) {
      const res = await rawRequest(gw.url, { path: url });
      expect({ url, leaked: res.body.toString().includes('root:') }).toEqual({ url, leaked: false });
      expect({ url, status: res.status }).not.toEqual({ url, status: 500 });
    }
    expect(relativeFile('/../x')).toBeUndefined();
    expect(relativeFile('/a/%2e%2e/b')).toBeUndefined();
    expect(relativeFile('/%E0%A4%A')).toBeUndefined();
    expect(relativeFile('/assets/a.js')).toBe('assets/a.js');
  });

  it('HEAD works like GET without a body', async () => {
    const res = await request(gw.url).head('/admin/x');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
  });
});

describe('precompressed files', () => {
  const get = (url: string, acceptEncoding?: string, headers: Record<string, string> = {}) =>
    rawRequest(compressed.url, { path: url, headers: acceptEncoding === undefined ? headers : { 'accept-encoding': acceptEncoding, ...headers } });

  it.each([
    ['br, gzip', 'br'],
    ['gzip, deflate, br', 'br'],
    ['gzip;q=0.8, br;q=1', 'br'],
    ['gzip', 'gzip'],
    ['br;q=0, gzip', 'gzip'],
    ['deflate, gzip;q=0.5', 'gzip'],
  ])('Accept-Encoding "%s" gets the %s copy of a hashed asset, cached for good', async (acceptEncoding, encoding) => {
    for (const url of ['/assets/index-B4x9Qm2k.js', '/admin/assets/index-B4x9Qm2k.js']) {
      const res = await get(url, acceptEncoding);
      expect(res.status).toBe(200);
      expect(res.headers['content-encoding']).toBe(encoding);
      expect(res.headers['content-type']).toMatch(/javascript/);
      expect(res.headers['cache-control']).toBe(IMMUTABLE);
      expect(res.headers.vary).toMatch(/accept-encoding/i);
      expect(res.body.length).toBeLessThan(SCRIPT.length / 3);
      const original = encoding === 'br' ? brotliDecompressSync(res.body) : gunzipSync(res.body);
      expect(original.equals(SCRIPT)).toBe(true);
    }
  });

  it.each([[undefined], ['identity'], ['deflate'], ['br;q=0, gzip;q=0'], ['compress, x-custom']])(
    'Accept-Encoding %s gets the file itself, never a compressed copy',
    async (acceptEncoding) => {
      const res = await get('/assets/index-B4x9Qm2k.js', acceptEncoding);
      expect(res.status).toBe(200);
      expect(res.headers['content-encoding']).toBeUndefined();
      expect(res.headers['cache-control']).toBe(IMMUTABLE);
      expect(res.headers.vary).toMatch(/accept-encoding/i);
      expect(res.body.equals(SCRIPT)).toBe(true);
    },
  );

  it('a file without copies is sent as it is to a client that accepts br and gzip', async () => {
    const res = await get('/assets/tiny-Cq1r8sZx.js', 'br, gzip');
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(res.body.toString()).toBe('export{};');
  });

  it.each(['/', '/student/home', '/student/challenges/7/checkpoints/2/quizzes/3/play', '/admin', '/admin/users/5/edit'])(
    '%s: index.html (the SPA fallback for deep links) is compressed and revalidated, never cached',
    async (url) => {
      for (const [acceptEncoding, encoding, decode] of [
        ['br, gzip', 'br', brotliDecompressSync],
        ['gzip', 'gzip', gunzipSync],
        [undefined, undefined, (b: Buffer) => b],
      ] as const) {
        const res = await get(url, acceptEncoding);
        expect({ url, acceptEncoding, status: res.status, encoding: res.headers['content-encoding'] }).toEqual({ url, acceptEncoding, status: 200, encoding });
        expect(res.headers['content-type']).toMatch(/^text\/html/);
        expect(res.headers['cache-control']).toBe('no-cache');
        expect(res.headers.vary).toMatch(/accept-encoding/i);
        expect(decode(res.body).equals(INDEX)).toBe(true);
      }
    },
  );

  it('each encoding has its own ETag, and a matching If-None-Match gets a 304', async () => {
    for (const url of ['/student/home', '/assets/index-B4x9Qm2k.js']) {
      const etags = new Set<string>();
      for (const acceptEncoding of ['br', 'gzip', 'identity']) {
        const first = await get(url, acceptEncoding);
        const etag = first.headers.etag;
        expect(etag).toEqual(expect.any(String));
        etags.add(String(etag));
        const again = await get(url, acceptEncoding, { 'if-none-match': String(etag) });
        expect(again.status).toBe(304);
        expect(again.body.length).toBe(0);
      }
      expect({ url, etags: etags.size }).toEqual({ url, etags: 3 });
    }
    // A validator of the br copy does not stand for the file itself.
    const br = await get('/student/home', 'br');
    const plain = await get('/student/home', 'identity', { 'if-none-match': String(br.headers.etag) });
    expect(plain.status).toBe(200);
    expect(plain.body.equals(INDEX)).toBe(true);
  });

  it('HEAD names the encoding without a body', async () => {
    const res = await rawRequest(compressed.url, { method: 'HEAD', path: '/admin/x', headers: { 'accept-encoding': 'br' } });
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.body.length).toBe(0);
  });
});

describe('UI not built', () => {
  it.each(['/', '/student/y', '/admin', '/admin/x'])('%s explains how to build it instead of crashing', async (url) => {
    const res = await request(unbuilt.url).get(url);
    expect(res.status).toBe(503);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.text).toContain('npm run build:ui');
    expect(res.text).toContain(url.startsWith('/admin') ? 'admin-ui' : 'student-ui');
  });

  it.each(['/favicon.ico', '/admin/favicon.svg', '/assets/index-abc.js'])('%s, a file\'s address, is a plain 404 (a browser asks for the favicon by itself)', async (url) => {
    const res = await request(unbuilt.url).get(url);
    expect([res.status, res.body.code]).toEqual([404, 'ROUTE_NOT_FOUND']);
  });

  it('the API still works', async () => {
    const res = await request(unbuilt.url).get('/api/users');
    expect(res.status).toBe(200);
    expect((await request(unbuilt.url).get('/health')).status).toBe(200);
  });
});
