import { Inject, Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { Logger } from 'pino';
import { KIT_CONFIG, KIT_LOGGER, type KitConfig } from '@olymp/server-kit';
import { KZ_CITIES, KZ_REGIONS } from './kz-regions';
import { type Names, type SeedDistrict, type SeedSchool, demoDistrictsOf, demoSchoolsOf, slug } from './demo-directory';

export interface DirectorySeedPlan {
  provinces: (Names & { code: string; kind: 'region' | 'city' })[];
  districts: (SeedDistrict & { provinceCode: string })[];
  schools: SeedSchool[];
}

/**
 * What to seed: always the 17 regions and 3 cities of kz-regions.json with the cities' districts (reference
 * data the registration form needs); with demo data, also each region's centre and a few districts, and three
 * schools in every district.
 */
export function directorySeedPlan(demo: boolean): DirectorySeedPlan {
  const provinces: DirectorySeedPlan['provinces'] = [
    ...KZ_REGIONS.map((r) => ({ code: r.code, kind: 'region' as const, kk: r.kk, ru: r.ru, en: r.en })),
    ...KZ_CITIES.map((c) => ({ code: c.code, kind: 'city' as const, kk: c.kk, ru: c.ru, en: c.en })),
  ];
  const byProvince = new Map<string, SeedDistrict[]>(
    KZ_CITIES.map((c) => [c.code, c.districts.map((d) => ({ code: `${c.code}:${slug(d.en)}`, kk: d.kk, ru: d.ru, en: d.en }))]),
  );
  if (demo) for (const r of KZ_REGIONS) byProvince.set(r.code, demoDistrictsOf(r.code, r.center));
  const districts = [...byProvince].flatMap(([provinceCode, list]) => list.map((d) => ({ ...d, provinceCode })));
  const schools = demo ? [...byProvince.values()].flatMap((list) => demoSchoolsOf(list)) : [];
  return { provinces, districts, schools };
}

/**
 * Seeds the directory at every start, idempotently (rows are matched by `code`; existing rows are left as staff
 * edited them). A row staff deleted comes back at the next start only if it is reference data in the plan.
 */
@Injectable()
export class DirectorySeeder implements OnApplicationBootstrap {
  constructor(
    private readonly ds: DataSource,
    @Inject(KIT_CONFIG) private readonly config: KitConfig,
    @Inject(KIT_LOGGER) private readonly logger: Logger,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    const plan = directorySeedPlan(this.config.SEED_DEMO);
    const column = <T>(rows: T[], pick: (row: T) => string) => rows.map(pick);
    await this.ds.transaction(async (m) => {
      await m.query('SELECT pg_advisory_xact_lock(hashtext($1))', ['auth:directory-seed']);
      const p = plan.provinces;
      await m.query(
        `INSERT INTO provinces (code, kind, name_kk, name_ru, name_en)
         SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[])
         ON CONFLICT (code) DO NOTHING`,
        [column(p, (r) => r.code), column(p, (r) => r.kind), column(p, (r) => r.kk), column(p, (r) => r.ru), column(p, (r) => r.en)],
      );
      const d = plan.districts;
      await m.query(
        `INSERT INTO districts (province_id, code, name_kk, name_ru, name_en)
         SELECT p.id, x.code, x.kk, x.ru, x.en
           FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[]) WITH ORDINALITY AS x(province_code, code, kk, ru, en, n)
           JOIN provinces p ON p.code = x.province_code
          ORDER BY x.n
         ON CONFLICT (code) DO NOTHING`,
        [column(d, (r) => r.provinceCode), column(d, (r) => r.code), column(d, (r) => r.kk), column(d, (r) => r.ru), column(d, (r) => r.en)],
      );
      const s = plan.schools;
      if (s.length) {
        await m.query(
          `INSERT INTO schools (district_id, code, name_kk, name_ru, name_en)
           SELECT d.id, x.code, x.kk, x.ru, x.en
             FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[]) WITH ORDINALITY AS x(district_code, code, kk, ru, en, n)
             JOIN districts d ON d.code = x.district_code
            ORDER BY x.n
           ON CONFLICT (code) DO NOTHING`,
          [column(s, (r) => r.districtCode), column(s, (r) => r.code), column(s, (r) => r.kk), column(s, (r) => r.ru), column(s, (r) => r.en)],
        );
      }
    });
    this.logger.info({ provinces: plan.provinces.length, districts: plan.districts.length, schools: plan.schools.length }, 'directory seeded');
  }
}
