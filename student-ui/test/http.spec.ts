import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import i18n from 'i18next';
import { apiFetch, apiJson, ApiError, apiUrl } from '../src/api/http';

describe('student-ui request helpers', () => {
  let server: Server;
  let base: string;
  const seen: IncomingHttpHeaders[] = [];

  beforeAll(async () => {
    server = createServer((req, res) => {
      seen.push(req.headers);
      if (req.url === '/fail') {
        res.writeHead(422, { 'content-type': 'application/json' }).end(JSON.stringify({ message: 'Invalid phone' }));
        return;
      }
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ ok: true }));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    await i18n.init({ lng: 'kk', fallbackLng: 'kk', resources: {} });
  });

  afterAll(async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  it('puts relative paths under /api', () => {
    expect(apiUrl('auth/me')).toBe('/api/auth/me');
    expect(apiUrl('/api/auth/me')).toBe('/api/auth/me');
    expect(apiUrl('https://example.test/x')).toBe('https://example.test/x');
  });

  it('sends Accept: application/json and the interface language as X-Locale', async () => {
    await apiFetch(`${base}/ok`);
    expect(seen.at(-1)).toMatchObject({ accept: 'application/json', 'x-locale': 'kk' });

    await i18n.changeLanguage('en');
    await apiJson(`${base}/ok`, { method: 'POST', body: { phone: '+77010000000' }, headers: { Accept: 'text/html' } });
    expect(seen.at(-1)).toMatchObject({ accept: 'application/json', 'x-locale': 'en', 'content-type': 'application/json' });
  });

  it('turns an error answer into ApiError with the status and the server message', async () => {
    const failure = apiJson(`${base}/fail`);
    await expect(failure).rejects.toBeInstanceOf(ApiError);
    await expect(failure).rejects.toMatchObject({ status: 422, message: 'Invalid phone' });
  });
});
