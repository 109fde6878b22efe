import path from 'node:path';
import request from 'supertest';
import type { RunningGateway } from '../src/app';
import { relativeFile } from '../src/ui';
import { closeFakes, makeUiDirs, rawRequest, start, startFakes, upstreamEnv, type Fakes } from './helpers';

const IMMUTABLE = 'public, max-age=31536000, immutable';

let fakes: Fakes;
let ui: ReturnType<typeof makeUiDirs>;
let gw: RunningGateway;
let unbuilt: RunningGateway;

beforeAll(async () => {
  fakes = await startFakes();
  ui = makeUiDirs();
  gw = await start({ ...upstreamEnv(fakes), ADMIN_UI_DIR: ui.admin, STUDENT_UI_DIR: ui.student });
  unbuilt = await start({
    ...upstreamEnv(fakes),
    ADMIN_UI_DIR: path.join(ui.root, 'missing-admin'),
    STUDENT_UI_DIR: path.join(ui.root, 'missing-student'),
  });
});

afterAll(async () => {
  await gw?.close();
  await unbuilt?.close();
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

describe('UI not built', () => {
  it.each(['/', '/student/y', '/admin', '/admin/x'])('%s explains how to build it instead of crashing', async (url) => {
    const res = await request(unbuilt.url).get(url);
    expect(res.status).toBe(503);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.text).toContain('npm run build:ui');
    expect(res.text).toContain(url.startsWith('/admin') ? 'admin-ui' : 'student-ui');
  });

  it('the API still works', async () => {
    const res = await request(unbuilt.url).get('/api/users');
    expect(res.status).toBe(200);
    expect((await request(unbuilt.url).get('/health')).status).toBe(200);
  });
});
