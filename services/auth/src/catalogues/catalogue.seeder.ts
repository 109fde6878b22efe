import { Inject, Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import type { Logger } from 'pino';
import { KIT_CONFIG, KIT_LOGGER, type KitConfig } from '@olymp/server-kit';
import { CITIES, type Coded, DEMO_CENTERS, DEMO_DIRECTIONS, GRADES, SUBJECTS } from './catalogue-data';

/**
 * Seeds the catalogues at every start, idempotently (rows are matched by `code`, grades by `number`; existing rows
 * are left as staff edited them): grades, subjects and delivery cities always, directions and learning centres
 * with SEED_DEMO only. As with the directory, a reference row staff deleted comes back at the next start.
 */
@Injectable()
export class CatalogueSeeder implements OnApplicationBootstrap {
  constructor(
    private readonly ds: DataSource,
    @Inject(KIT_CONFIG) private readonly config: KitConfig,
    @Inject(KIT_LOGGER) private readonly logger: Logger,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    const demo = this.config.SEED_DEMO;
    await this.ds.transaction(async (m) => {
      await m.query('SELECT pg_advisory_xact_lock(hashtext($1))', ['auth:catalogue-seed']);
      await m.query(
        `INSERT INTO grades (number, name_kk, name_ru, name_en)
         SELECT * FROM unnest($1::smallint[], $2::text[], $3::text[], $4::text[]) ON CONFLICT (number) DO NOTHING`,
        [GRADES.map((g) => g.number), GRADES.map((g) => g.kk), GRADES.map((g) => g.ru), GRADES.map((g) => g.en)],
      );
      await insertCoded(m, 'subjects', SUBJECTS);
      await insertCoded(m, 'cities', CITIES);
      if (demo) {
        await insertCoded(m, 'directions', DEMO_DIRECTIONS);
        const c = DEMO_CENTERS;
        await m.query(
          `INSERT INTO centers (city_id, code, name_kk, name_ru, name_en, address, phone)
           SELECT city.id, x.code, x.kk, x.ru, x.en, x.address, x.phone
             FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[])
                  WITH ORDINALITY AS x(city_code, code, kk, ru, en, address, phone, n)
             JOIN cities city ON city.code = x.city_code
            ORDER BY x.n
           ON CONFLICT (code) DO NOTHING`,
          [c.map((x) => x.cityCode), c.map((x) => x.code), c.map((x) => x.kk), c.map((x) => x.ru), c.map((x) => x.en), c.map((x) => x.address), c.map((x) => x.phone)],
        );
      }
    });
    this.logger.info({ demo }, 'catalogues seeded');
  }
}

/** Table names are this file's constants, never input. */
async function insertCoded(m: EntityManager, table: 'subjects' | 'cities' | 'directions', rows: Coded[]): Promise<void> {
  await m.query(
    `INSERT INTO ${table} (code, name_kk, name_ru, name_en)
     SELECT x.code, x.kk, x.ru, x.en
       FROM unnest($1::text[], $2::text[], $3::text[], $4::text[]) WITH ORDINALITY AS x(code, kk, ru, en, n)
      ORDER BY x.n
     ON CONFLICT (code) DO NOTHING`,
    [rows.map((r) => r.code), rows.map((r) => r.kk), rows.map((r) => r.ru), rows.map((r) => r.en)],
  );
}
