/**
 * The kit's multipart form reader on a real kit service (a probe route added for this test): spec section 7 says a
 * POST with a file is multipart with booleans as 1/0, and a PATCH with a file arrives with `_method=patch`. Fields
 * go through the route's zod schema (formBoolean), the one file is size-limited, and nothing is left on disk.
 */
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Controller, Inject, Module, Param, Patch, Post, Req } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import request from 'supertest';
import { z } from 'zod';
import {
  DomainError,
  KIT_CONFIG,
  type KitConfig,
  
  type RunningService,
  SignedIn,
  UploadSpool,
  createService,
  discardTempFile,
  formBoolean,
  readMultipartForm,
} from '@olymp/server-kit';
import { createTestNamespace, NoPermissions, testToken } from '@olymp/server-kit/testing';

const productForm = z.strictObject({
  title: z.string().min(1),
  is_active: formBoolean,
  featured: formBoolean.optional(),
});

@Controller('form-probe')
class FormProbeController {
  private readonly spool: UploadSpool;
  constructor(@Inject(KIT_CONFIG) config: KitConfig) {
    this.spool = new UploadSpool(config.UPLOAD_DIR);
  }

  private async read(req: FastifyRequest) {
    await this.spool.init();
    const form = await readMultipartForm(req, {
      spool: this.spool,
      file: { field: 'image', maxBytes: 1024, tooLarge: () => new DomainError('UPLOAD_TOO_LARGE', { limitMb: '0.001', limit: 1024 }) },
      schema: productForm,
    });
    await discardTempFile(form.file?.path);
    return { fields: form.fields, file: form.file && { size: form.file.size, name: form.file.clientName, type: form.file.clientType } };
  }

  @Post()
  @SignedIn()
  async create(@Req() req: FastifyRequest) {
    return { data: await this.read(req) };
  }

  @Patch(':id')
  @SignedIn()
  async update(@Param('id') id: string, @Req() req: FastifyRequest) {
    return { data: { id, ...(await this.read(req)) } };
  }
}

@Module({ controllers: [FormProbeController] })
class FormProbeModule {}

/** Signed-in routes only: no auth service needed for role permissions. */
describe('multipart forms', () => {
  const ns = createTestNamespace();
  const uploadDir = mkdtempSync(join(tmpdir(), 'olymp-forms-'));
  let svc: RunningService;
  let token: string;

  beforeAll(async () => {
    svc = await createService(
      { service: 'learning', imports: [FormProbeModule], entities: [], migrations: [], permissionSource: NoPermissions },
      ns.envFor('learning', { UPLOAD_DIR: uploadDir }),
    );
    token = `Bearer ${await testToken()}`;
  });

  afterAll(async () => {
    await svc?.close();
    await ns.cleanup();
    rmSync(uploadDir, { recursive: true, force: true });
  });

  const tmpFiles = () => readdirSync(join(uploadDir, '.tmp'));

  it('turns 1/0 into booleans where the schema says boolean, and keeps the file name in UTF-8', async () => {
    // As a browser sends it: the file name as raw UTF-8 in the part header.
    const part = (name: string, value: string) => `--B\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
    const body = Buffer.concat([
      Buffer.from(part('title', 'Кітап') + part('is_active', '1') + part('featured', '0')),
      Buffer.from('--B\r\nContent-Disposition: form-data; name="image"; filename="Сурет.png"\r\nContent-Type: image/png\r\n\r\nabc\r\n--B--\r\n'),
    ]);
    const res = await request(svc.url).post('/api/form-probe').set('authorization', token)
      .set('content-type', 'multipart/form-data; boundary=B').send(body);
    expect(res.status).toBe(201);
    expect(res.body.data).toEqual({ fields: { title: 'Кітап', is_active: true, featured: false }, file: { size: 3, name: 'Сурет.png', type: 'image/png' } });
    expect(tmpFiles()).toEqual([]);
  });

  it('accepts a PATCH with a file sent with _method=patch (the field is not part of the data)', async () => {
    const res = await request(svc.url).patch('/api/form-probe/7').set('authorization', token)
      .field('_method', 'patch').field('title', 'x').field('is_active', '0');
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ id: '7', fields: { title: 'x', is_active: false } });
  });

  it('refuses a value that is not a boolean, an unknown field, and a file over the limit, leaving nothing behind', async () => {
    const notBool = await request(svc.url).post('/api/form-probe').set('authorization', token).set('x-locale', 'en')
      .field('title', 'x').field('is_active', 'yes').attach('image', Buffer.from('abc'), 'a.png');
    expect(notBool.status).toBe(400);
    expect(notBool.body).toMatchObject({ code: 'VALIDATION_FAILED', errors: { is_active: expect.any(String) } });
    const unknown = await request(svc.url).post('/api/form-probe').set('authorization', token).set('x-locale', 'en')
      .field('title', 'x').field('is_active', '1').field('is_admin', '1').attach('image', Buffer.from('abc'), 'a.png');
    expect(unknown.status).toBe(400);
    expect(unknown.body).toMatchObject({ code: 'UNKNOWN_FIELD', message: 'Unknown field "is_admin": remove it from the request.' });
    const big = await request(svc.url).post('/api/form-probe').set('authorization', token)
      .field('title', 'x').field('is_active', '1').attach('image', Buffer.alloc(1025), 'a.png');
    expect(big.status).toBe(413);
    expect(big.body.code).toBe('UPLOAD_TOO_LARGE');
    const two = await request(svc.url).post('/api/form-probe').set('authorization', token)
      .field('title', 'x').field('is_active', '1').attach('image', Buffer.from('a'), 'a.png').attach('image', Buffer.from('b'), 'b.png');
    expect(two.status).toBe(400);
    expect(two.body.code).toBe('UPLOAD_FORM_INVALID');
    expect(tmpFiles()).toEqual([]);
  });

  it('answers 400 to a broken multipart body', async () => {
    const res = await request(svc.url).post('/api/form-probe').set('authorization', token)
      .set('content-type', 'multipart/form-data; boundary=XYZ').send('--XYZ\r\nContent-Disposition: form-data; name="title"\r\n\r\nabc');
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('UPLOAD_FORM_INVALID');
  });
});
