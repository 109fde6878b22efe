import { Inject, Injectable, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { Logger } from 'pino';
import { KIT_CONFIG, KIT_LOGGER, type KitConfig, RpcClient, stableUuid } from '@olymp/server-kit';

type L = { kk: string; ru: string; en: string };

const CATEGORIES: { key: string; name: L }[] = [
  { key: 'books', name: { kk: 'Кітаптар', ru: 'Книги', en: 'Books' } },
  { key: 'stationery', name: { kk: 'Кеңсе тауарлары', ru: 'Канцтовары', en: 'Stationery' } },
];

const PRODUCTS: { key: string; category: string; name: L; description: L; priceZp: number | null; priceTenge: number | null; priceAltynSaqa?: number; stock: number }[] = [
  {
    key: 'maths-problems', category: 'books', priceZp: 1200, priceTenge: 3500, stock: 40,
    name: { kk: 'Математикадан есептер жинағы, 5-сынып', ru: 'Сборник задач по математике, 5 класс', en: 'Maths problem book, grade 5' },
    description: { kk: 'Олимпиадаға дайындалуға арналған 300 есеп.', ru: '300 задач для подготовки к олимпиаде.', en: '300 problems to prepare for the olympiad.' },
  },
  {
    key: 'kazakh-primer', category: 'books', priceZp: 800, priceTenge: null, stock: 25,
    name: { kk: 'Қазақ тілі әліппесі', ru: 'Азбука казахского языка', en: 'Kazakh language primer' },
    description: { kk: 'Бастауыш сынып оқушыларына арналған.', ru: 'Для учеников начальной школы.', en: 'For primary school pupils.' },
  },
  {
    key: 'notebook-set', category: 'stationery', priceZp: 300, priceTenge: 900, stock: 100,
    name: { kk: 'Дәптерлер жиынтығы (5 дана)', ru: 'Набор тетрадей (5 штук)', en: 'Set of notebooks (5 pieces)' },
    description: { kk: 'Торкөз, 48 парақ.', ru: 'В клетку, 48 листов.', en: 'Squared, 48 sheets.' },
  },
  {
    key: 'geometry-set', category: 'stationery', priceZp: 450, priceTenge: null, stock: 0,
    name: { kk: 'Геометриялық құралдар жиынтығы', ru: 'Набор геометрических инструментов', en: 'Geometry set' },
    description: { kk: 'Сызғыш, бұрыштама, транспортир, циркуль.', ru: 'Линейка, угольник, транспортир, циркуль.', en: 'Ruler, set square, protractor, compass.' },
  },
  {
    key: 'olympiad-tshirt', category: 'stationery', priceZp: 2000, priceTenge: null, priceAltynSaqa: 5, stock: 20,
    name: { kk: 'Олимпиада футболкасы', ru: 'Футболка олимпиады', en: 'Olympiad T-shirt' },
    description: { kk: 'Жеңімпаздарға арналған жүлде; Алтын Сақаға да сатылады.', ru: 'Приз победителям; продаётся и за Алтын Сака.', en: 'A prize for winners; also sold for Altyn Saqa.' },
  },
];

/** A demo person's id: auth's `demoUserId` rule (the kit's stableUuid), so the prize is the demo pupil's. */
const demoUserId = (phone: string) => stableUuid(`olymp-demo:${phone}`);
/** One prize to claim: Aigerim (+77000000105) won the T-shirt in a challenge. */
const PRIZE = { key: 'aigerim-tshirt', phone: '+77000000105', product: 'olympiad-tshirt', source: 'challenge', note: 'Олимпиада, 1-орын / 1st place' } as const;

/**
 * The 17 regions of kz-regions.json (shared/data; auth seeds the same list as its provinces): code, centre city,
 * region name. Each gets a pickup point in its centre.
 */
const REGIONS: [string, L, L][] = [
  ['abai', { kk: 'Семей', ru: 'Семей', en: 'Semey' }, { kk: 'Абай облысы', ru: 'Абайская область', en: 'Abai Region' }],
  ['akmola', { kk: 'Көкшетау', ru: 'Кокшетау', en: 'Kokshetau' }, { kk: 'Ақмола облысы', ru: 'Акмолинская область', en: 'Akmola Region' }],
  ['aktobe', { kk: 'Ақтөбе', ru: 'Актобе', en: 'Aktobe' }, { kk: 'Ақтөбе облысы', ru: 'Актюбинская область', en: 'Aktobe Region' }],
  ['almaty-region', { kk: 'Қонаев', ru: 'Конаев', en: 'Konaev' }, { kk: 'Алматы облысы', ru: 'Алматинская область', en: 'Almaty Region' }],
  ['atyrau', { kk: 'Атырау', ru: 'Атырау', en: 'Atyrau' }, { kk: 'Атырау облысы', ru: 'Атырауская область', en: 'Atyrau Region' }],
  ['east-kazakhstan', { kk: 'Өскемен', ru: 'Усть-Каменогорск', en: 'Oskemen' }, { kk: 'Шығыс Қазақстан облысы', ru: 'Восточно-Казахстанская область', en: 'East Kazakhstan Region' }],
  ['jambyl', { kk: 'Тараз', ru: 'Тараз', en: 'Taraz' }, { kk: 'Жамбыл облысы', ru: 'Жамбылская область', en: 'Jambyl Region' }],
  ['jetisu', { kk: 'Талдықорған', ru: 'Талдыкорган', en: 'Taldykorgan' }, { kk: 'Жетісу облысы', ru: 'Жетысуская область', en: 'Jetisu Region' }],
  ['karaganda', { kk: 'Қарағанды', ru: 'Караганда', en: 'Karaganda' }, { kk: 'Қарағанды облысы', ru: 'Карагандинская область', en: 'Karaganda Region' }],
  ['kostanay', { kk: 'Қостанай', ru: 'Костанай', en: 'Kostanay' }, { kk: 'Қостанай облысы', ru: 'Костанайская область', en: 'Kostanay Region' }],
  ['kyzylorda', { kk: 'Қызылорда', ru: 'Кызылорда', en: 'Kyzylorda' }, { kk: 'Қызылорда облысы', ru: 'Кызылординская область', en: 'Kyzylorda Region' }],
  ['mangystau', { kk: 'Ақтау', ru: 'Актау', en: 'Aktau' }, { kk: 'Маңғыстау облысы', ru: 'Мангистауская область', en: 'Mangystau Region' }],
  ['north-kazakhstan', { kk: 'Петропавл', ru: 'Петропавловск', en: 'Petropavl' }, { kk: 'Солтүстік Қазақстан облысы', ru: 'Северо-Казахстанская область', en: 'North Kazakhstan Region' }],
  ['pavlodar', { kk: 'Павлодар', ru: 'Павлодар', en: 'Pavlodar' }, { kk: 'Павлодар облысы', ru: 'Павлодарская область', en: 'Pavlodar Region' }],
  ['turkistan', { kk: 'Түркістан', ru: 'Туркестан', en: 'Turkistan' }, { kk: 'Түркістан облысы', ru: 'Туркестанская область', en: 'Turkistan Region' }],
  ['ulytau', { kk: 'Жезқазған', ru: 'Жезказган', en: 'Jezkazgan' }, { kk: 'Ұлытау облысы', ru: 'Улытауская область', en: 'Ulytau Region' }],
  ['west-kazakhstan', { kk: 'Орал', ru: 'Уральск', en: 'Oral' }, { kk: 'Батыс Қазақстан облысы', ru: 'Западно-Казахстанская область', en: 'West Kazakhstan Region' }],
];

/**
 * One pickup point per demo province: the three cities of republican significance and an olympiad centre in the centre
 * city of each of the 17 regions. Each key is its province's code in auth's directory (kz-regions.json), which gives
 * the point its region.
 */
const PICKUP_POINTS: { key: string; name: L; address: L }[] = [
  { key: 'astana', name: { kk: 'Астана беру пункті', ru: 'Пункт выдачи Астана', en: 'Astana pickup point' }, address: { kk: 'Астана, Абай даңғылы, 10', ru: 'Астана, проспект Абая, 10', en: 'Astana, 10 Abai Avenue' } },
  { key: 'almaty', name: { kk: 'Алматы беру пункті', ru: 'Пункт выдачи Алматы', en: 'Almaty pickup point' }, address: { kk: 'Алматы, Абай даңғылы, 52', ru: 'Алматы, проспект Абая, 52', en: 'Almaty, 52 Abai Avenue' } },
  { key: 'shymkent', name: { kk: 'Шымкент беру пункті', ru: 'Пункт выдачи Шымкент', en: 'Shymkent pickup point' }, address: { kk: 'Шымкент, Тәуке хан даңғылы, 5', ru: 'Шымкент, проспект Тауке хана, 5', en: 'Shymkent, 5 Tauke Khan Avenue' } },
  ...REGIONS.map(([code, centre, region]) => ({
    key: code,
    name: { kk: `${centre.kk} олимпиада орталығы`, ru: `Олимпиадный центр ${centre.ru}`, en: `${centre.en} olympiad centre` },
    address: { kk: `${region.kk}, ${centre.kk} қ., Бейбітшілік к., 1`, ru: `${region.ru}, г. ${centre.ru}, ул. Бейбитшилик, 1`, en: `${region.en}, ${centre.en}, 1 Beibitshilik Street` },
  })),
];

export const demoShopId = (kind: string, key: string) => stableUuid(`olymp-demo-shop:${kind}:${key}`);

/**
 * With SEED_DEMO on (never in production): a small shop for the demo pupils (who hold ZP from finance's seed): two
 * categories, five products in kk/ru/en (one out of stock, one also priced in Altyn Saqa, two also in tenge), a pickup
 * point per demo province (Astana, Almaty, Shymkent and the centre of each of the 17 regions), and one prize to claim
 * (the T-shirt, for Aigerim, +77000000105).
 * Inserted once by fixed ids; a restart leaves staff's edits and the stock as they are.
 */
@Injectable()
export class ShopSeeder implements OnApplicationBootstrap, OnApplicationShutdown {
  private retry: NodeJS.Timeout | undefined;
  private stopping = false;

  constructor(
    private readonly ds: DataSource,
    @Inject(KIT_CONFIG) private readonly config: KitConfig,
    @Inject(KIT_LOGGER) private readonly logger: Logger,
    private readonly rpc: RpcClient,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    if (!this.config.SEED_DEMO) return;
    await this.ds.transaction(async (m) => {
      await m.query('SELECT pg_advisory_xact_lock(hashtext($1))', ['shop:seed']);
      for (const [i, c] of CATEGORIES.entries()) {
        await m.query(
          'INSERT INTO categories (id, name_kk, name_ru, name_en, position) VALUES ($1, $2, $3, $4, $5) ON CONFLICT (id) DO NOTHING',
          [demoShopId('category', c.key), c.name.kk, c.name.ru, c.name.en, i],
        );
      }
      for (const p of PRODUCTS) {
        await m.query(
          `INSERT INTO products (id, category_id, name_kk, name_ru, name_en, description_kk, description_ru, description_en, price_zp, price_tenge, price_altyn_saqa, stock)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12) ON CONFLICT (id) DO NOTHING`,
          [
            demoShopId('product', p.key), demoShopId('category', p.category), p.name.kk, p.name.ru, p.name.en,
            p.description.kk, p.description.ru, p.description.en, p.priceZp, p.priceTenge, p.priceAltynSaqa ?? null, p.stock,
          ],
        );
      }
      for (const pp of PICKUP_POINTS) {
        await m.query(
          `INSERT INTO pickup_points (id, name_kk, name_ru, name_en, address_kk, address_ru, address_en, hours)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8) ON CONFLICT (id) DO NOTHING`,
          [demoShopId('pickup-point', pp.key), pp.name.kk, pp.name.ru, pp.name.en, pp.address.kk, pp.address.ru, pp.address.en, '10:00-19:00'],
        );
      }
      await m.query(
        `INSERT INTO prizes (id, user_id, product_id, source, note) VALUES ($1, $2, $3, $4, $5) ON CONFLICT (id) DO NOTHING`,
        [demoShopId('prize', PRIZE.key), demoUserId(PRIZE.phone), demoShopId('product', PRIZE.product), PRIZE.source, PRIZE.note],
      );
    });
    this.logger.info({ products: PRODUCTS.length, pickupPoints: PICKUP_POINTS.length, prizes: 1 }, 'demo shop seeded');
    await this.placePickupPoints();
  }

  /**
   * Gives the demo pickup points without a region theirs: auth's province of the same code (its ids are its own
   * serials, so they are asked for). Staff's choice stays. `npm start` starts the services side by side, so auth may
   * not answer yet: the shop runs either way and asks again every PLACE_RETRY_MS, PLACE_ATTEMPTS times in all (then
   * the next start places them).
   */
  private async placePickupPoints(attemptsLeft = PLACE_ATTEMPTS): Promise<void> {
    if (this.stopping) return;
    try {
      const [{ n }] = (await this.ds.query(`SELECT count(*)::int AS n FROM pickup_points WHERE id = ANY($1::uuid[]) AND province_id IS NULL`, [
        PICKUP_POINTS.map((pp) => demoShopId('pickup-point', pp.key)),
      ])) as { n: number }[];
      if (!n) return;
      const { provinces } = await this.rpc.request('auth.provinces.get', { codes: PICKUP_POINTS.map((pp) => pp.key) });
      const byCode = new Map(provinces.map((p) => [p.code, p.id]));
      const placed = PICKUP_POINTS.filter((pp) => byCode.has(pp.key));
      await this.ds.query(
        `UPDATE pickup_points p SET province_id = x.province_id, updated_at = now()
           FROM unnest($1::uuid[], $2::int[]) AS x(id, province_id)
          WHERE p.id = x.id AND p.province_id IS NULL`,
        [placed.map((pp) => demoShopId('pickup-point', pp.key)), placed.map((pp) => byCode.get(pp.key))],
      );
      this.logger.info({ placed: placed.length }, 'demo pickup points placed in their regions');
    } catch (err) {
      if (this.stopping) return;
      if (attemptsLeft <= 1) {
        this.logger.warn({ err }, 'demo pickup points left without regions (auth did not answer); the next start places them');
        return;
      }
      if (attemptsLeft === PLACE_ATTEMPTS) this.logger.info('demo pickup points wait for auth to place them in their regions');
      this.retry = setTimeout(() => void this.placePickupPoints(attemptsLeft - 1), PLACE_RETRY_MS);
      this.retry.unref();
    }
  }

  onApplicationShutdown(): void {
    this.stopping = true;
    clearTimeout(this.retry);
  }
}

/** How often and how many times the demo pickup points ask auth for their regions while it starts. */
const PLACE_RETRY_MS = 2_000;
const PLACE_ATTEMPTS = 60;
