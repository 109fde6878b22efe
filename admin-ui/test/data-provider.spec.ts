import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import i18n from 'i18next';
import { createDataProvider } from '../src/providers/data';

/** Refine's nestjsx-crud data provider as the admin panel configures it, against a stand-in API. */
describe('admin-ui data provider', () => {
  let server: Server;
  let base: string;
  const seen: Array<{ url: string; headers: IncomingHttpHeaders }> = [];

  beforeAll(async () => {
    server = createServer((req, res) => {
      seen.push({ url: req.url ?? '', headers: req.headers });
      if (req.method === 'POST') {
        res.writeHead(400, { 'content-type': 'application/json' }).end(JSON.stringify({ statusCode: 400, code: 'VALIDATION_FAILED', message: 'Некоторые поля заполнены неверно', errors: { code: 'неверный код' } }));
        return;
      }
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ data: [{ id: 1 }], total: 1 }));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    await i18n.init({ lng: 'kk', fallbackLng: 'kk', resources: {} });
  });

  afterAll(async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  it('asks /api resources for JSON in the interface language', async () => {
    const provider = createDataProvider(`${base}/api`);
    const page = await provider.getList({ resource: 'students', pagination: { currentPage: 2, pageSize: 5 } });
    expect(page).toEqual({ data: [{ id: 1 }], total: 1 });
    expect(seen.at(-1)?.url).toMatch(/^\/api\/students\?/);
    expect(seen.at(-1)?.headers).toMatchObject({ accept: 'application/json', 'x-locale': 'kk' });

    await i18n.changeLanguage('ru');
    await provider.getOne({ resource: 'students', id: 7 });
    expect(seen.at(-1)).toMatchObject({ url: '/api/students/7', headers: { accept: 'application/json', 'x-locale': 'ru' } });
  });

  it('turns the API error body into Refine HttpError with field messages, so forms show them under their fields', async () => {
    const provider = createDataProvider(`${base}/api`);
    await expect(provider.create({ resource: 'provinces', variables: { code: 'Bad' } })).rejects.toMatchObject({
      statusCode: 400,
      code: 'VALIDATION_FAILED',
      message: 'Некоторые поля заполнены неверно',
      errors: { code: ['неверный код'] },
    });
  });
});
