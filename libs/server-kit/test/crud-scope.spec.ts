/**
 * The CRUD kit's `scope` option: a resource confined to rows where fixed columns hold fixed values (e.g. pupils
 * among users). On the auth service's seeded directory: districts scoped to one province. Index and show see only
 * scoped rows whatever the client filters; store writes the scope's values; update and destroy of other rows are
 * 404; a scope naming no column is refused at boot.
 */
import { Client } from 'pg';
import { DataSource } from 'typeorm';
import { z } from 'zod';
import { startAuth } from '@olymp/auth';
import { CrudResourceService, type RunningService } from '@olymp/server-kit';
import { createTestNamespace } from '@olymp/server-kit/testing';
import { District, Province, School } from '../../../services/auth/src/directory/directory.entities';

describe('CRUD kit: scope', () => {
  const ns = createTestNamespace();
  let auth: RunningService;
  let pg: Client;
  let ds: DataSource;
  const schema = ns.schemaOf('auth');
  let provinceId: number;
  let otherProvinceId: number;
  let scoped: CrudResourceService<District>;

  beforeAll(async () => {
    auth = await startAuth(ns.envFor('auth'));
    pg = new Client({ connectionString: ns.databaseUrl });
    await pg.connect();
    ds = await new DataSource({ type: 'postgres', url: ns.databaseUrl, schema, entities: [Province, District, School] }).initialize();
    const counts = (await pg.query(`SELECT province_id, count(*)::int AS n FROM "${schema}".districts GROUP BY province_id ORDER BY province_id`)).rows;
    [provinceId, otherProvinceId] = [counts[0].province_id, counts[1].province_id];
    const update = z.strictObject({ nameEn: z.string() });
    scoped = new CrudResourceService<District>(
      { path: 'districts', entity: District, scope: { provinceId }, update, access: { read: 'public', write: 'management:update' },
        actions: ['index', 'show', 'update', 'destroy'], audit: false },
      ds,
    );
  });

  afterAll(async () => {
    await ds?.destroy();
    await pg?.end();
    await auth?.close();
    await ns.cleanup();
  });

  const idsIn = async (province: number) =>
    (await pg.query(`SELECT id FROM "${schema}".districts WHERE province_id = $1 ORDER BY id`, [province])).rows.map((r) => r.id as number);

  it('lists and shows only the scoped rows, whatever the client filters', async () => {
    const mine = await idsIn(provinceId);
    const list = (await scoped.index({ sort: 'id,ASC' })) as District[];
    expect(list.map((d) => d.id)).toEqual(mine);
    const other = (await idsIn(otherProvinceId))[0];
    expect(await scoped.index({ filter: `provinceId||$eq||${otherProvinceId}` })).toEqual([]);
    expect(await scoped.index({ or: [`id||$eq||${other}`, `id||$eq||${mine[0]}`] })).toEqual([expect.objectContaining({ id: mine[0] })]);
    expect((await scoped.show(String(mine[0]), {})).id).toBe(mine[0]);
    await expect(scoped.show(String(other), {})).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });

  it('refuses writes to rows outside the scope with 404, changing nothing', async () => {
    const other = (await idsIn(otherProvinceId))[0];
    const before = (await pg.query(`SELECT name_en FROM "${schema}".districts WHERE id = $1`, [other])).rows[0].name_en;
    await expect(scoped.update(String(other), { nameEn: 'Moved' })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(scoped.destroy(String(other))).rejects.toMatchObject({ code: 'NOT_FOUND' });
    expect((await pg.query(`SELECT name_en FROM "${schema}".districts WHERE id = $1`, [other])).rows[0].name_en).toBe(before);
    const mine = (await idsIn(provinceId))[0];
    expect((await scoped.update(String(mine), { nameEn: 'Renamed' })).nameEn).toBe('Renamed');
  });

  it('stores rows with the scope\'s values over the body\'s', async () => {
    const names = { nameKk: 'Жаңа аудан', nameRu: 'Новый район', nameEn: 'New district' };
    const create = z.strictObject({ provinceId: z.number().int(), nameKk: z.string(), nameRu: z.string(), nameEn: z.string() });
    const writer = new CrudResourceService<District>(
      { path: 'districts', entity: District, scope: { provinceId }, create, access: { read: 'public', write: 'management:update' },
        actions: ['store'], audit: false },
      ds,
    );
    const stored = await writer.store({ provinceId: otherProvinceId, ...names });
    expect(stored).toMatchObject({ provinceId, nameEn: 'New district' });
    expect((await pg.query(`SELECT province_id FROM "${schema}".districts WHERE id = $1`, [stored.id])).rows[0].province_id).toBe(provinceId);
  });

  it('refuses a scope that names no column', () => {
    expect(
      () => new CrudResourceService<District>({ path: 'districts', entity: District, scope: { nope: 1 } as never, access: { read: 'public' }, actions: ['index'] }, ds),
    ).toThrow('CrudResource "districts": scope field "nope" is not a column');
  });
});
