/**
 * Demo geography for development (SEED_DEMO only): for every region its centre city and a few of its real
 * districts, and three schools in every district (cities' districts included). Reference data (the 20 provinces
 * and the three cities' districts) comes from kz-regions.json and is seeded always.
 */
export interface Names {
  kk: string;
  ru: string;
  en: string;
}

export interface SeedDistrict extends Names {
  code: string;
}

export interface SeedSchool extends Names {
  code: string;
  districtCode: string;
}

const d = (slug: string, kk: string, ru: string, en: string) => ({ slug, kk, ru, en });

/** A few real districts (audan) of each region, by region code of kz-regions.json. */
export const DEMO_REGION_DISTRICTS: Record<string, { slug: string; kk: string; ru: string; en: string }[]> = {
  abai: [
    d('ayagoz', 'Аягөз ауданы', 'Аягозский район', 'Ayagoz District'),
    d('urzhar', 'Үржар ауданы', 'Урджарский район', 'Urzhar District'),
    d('borodulikha', 'Бородулиха ауданы', 'Бородулихинский район', 'Borodulikha District'),
  ],
  akmola: [
    d('burabay', 'Бурабай ауданы', 'Бурабайский район', 'Burabay District'),
    d('tselinograd', 'Целиноград ауданы', 'Целиноградский район', 'Tselinograd District'),
    d('shortandy', 'Шортанды ауданы', 'Шортандинский район', 'Shortandy District'),
  ],
  aktobe: [
    d('mugalzhar', 'Мұғалжар ауданы', 'Мугалжарский район', 'Mugalzhar District'),
    d('khromtau', 'Хромтау ауданы', 'Хромтауский район', 'Khromtau District'),
    d('kargaly', 'Қарғалы ауданы', 'Каргалинский район', 'Kargaly District'),
  ],
  'almaty-region': [
    d('ile', 'Іле ауданы', 'Илийский район', 'Ile District'),
    d('enbekshikazakh', 'Еңбекшіқазақ ауданы', 'Енбекшиказахский район', 'Enbekshikazakh District'),
    d('talgar', 'Талғар ауданы', 'Талгарский район', 'Talgar District'),
    d('karasai', 'Қарасай ауданы', 'Карасайский район', 'Karasai District'),
  ],
  atyrau: [
    d('zhylyoi', 'Жылыой ауданы', 'Жылыойский район', 'Zhylyoi District'),
    d('makhambet', 'Махамбет ауданы', 'Махамбетский район', 'Makhambet District'),
    d('isatai', 'Исатай ауданы', 'Исатайский район', 'Isatai District'),
  ],
  'east-kazakhstan': [
    d('glubokoye', 'Глубокое ауданы', 'Глубоковский район', 'Glubokoye District'),
    d('zaisan', 'Зайсан ауданы', 'Зайсанский район', 'Zaisan District'),
    d('altai', 'Алтай ауданы', 'район Алтай', 'Altai District'),
  ],
  jambyl: [
    d('zhambyl', 'Жамбыл ауданы', 'Жамбылский район', 'Zhambyl District'),
    d('baizak', 'Байзақ ауданы', 'Байзакский район', 'Baizak District'),
    d('shu', 'Шу ауданы', 'Шуский район', 'Shu District'),
  ],
  jetisu: [
    d('eskeldi', 'Ескелді ауданы', 'Ескельдинский район', 'Eskeldi District'),
    d('karatal', 'Қаратал ауданы', 'Каратальский район', 'Karatal District'),
    d('alakol', 'Алакөл ауданы', 'Алакольский район', 'Alakol District'),
  ],
  karaganda: [
    d('bukhar-zhyrau', 'Бұқар жырау ауданы', 'район Бухар-Жырау', 'Bukhar-Zhyrau District'),
    d('abai', 'Абай ауданы', 'Абайский район', 'Abai District'),
    d('osakarovka', 'Осакаров ауданы', 'Осакаровский район', 'Osakarovka District'),
  ],
  kostanay: [
    d('kostanay', 'Қостанай ауданы', 'Костанайский район', 'Kostanay District'),
    d('auliekol', 'Әулиекөл ауданы', 'Аулиекольский район', 'Auliekol District'),
    d('fyodorov', 'Федоров ауданы', 'Федоровский район', 'Fyodorov District'),
  ],
  kyzylorda: [
    d('karmakshy', 'Қармақшы ауданы', 'Кармакшинский район', 'Karmakshy District'),
    d('zhalagash', 'Жалағаш ауданы', 'Жалагашский район', 'Zhalagash District'),
    d('syrdarya', 'Сырдария ауданы', 'Сырдарьинский район', 'Syrdarya District'),
  ],
  mangystau: [
    d('mangystau', 'Маңғыстау ауданы', 'Мангистауский район', 'Mangystau District'),
    d('tupkaragan', 'Түпқараған ауданы', 'Тупкараганский район', 'Tupkaragan District'),
    d('karakiya', 'Қарақия ауданы', 'Каракиянский район', 'Karakiya District'),
  ],
  'north-kazakhstan': [
    d('yesil', 'Есіл ауданы', 'Есильский район', 'Yesil District'),
    d('kyzylzhar', 'Қызылжар ауданы', 'Кызылжарский район', 'Kyzylzhar District'),
    d('akkayin', 'Аққайың ауданы', 'Аккайынский район', 'Akkayin District'),
  ],
  pavlodar: [
    d('pavlodar', 'Павлодар ауданы', 'Павлодарский район', 'Pavlodar District'),
    d('irtysh', 'Ертіс ауданы', 'Иртышский район', 'Irtysh District'),
    d('bayanaul', 'Баянауыл ауданы', 'Баянаульский район', 'Bayanaul District'),
  ],
  turkistan: [
    d('sairam', 'Сайрам ауданы', 'Сайрамский район', 'Sairam District'),
    d('tulkibas', 'Түлкібас ауданы', 'Тюлькубасский район', 'Tulkibas District'),
    d('ordabasy', 'Ордабасы ауданы', 'Ордабасинский район', 'Ordabasy District'),
    d('maktaaral', 'Мақтаарал ауданы', 'Мактааральский район', 'Maktaaral District'),
  ],
  ulytau: [
    d('ulytau', 'Ұлытау ауданы', 'Улытауский район', 'Ulytau District'),
    d('zhanaarka', 'Жаңаарқа ауданы', 'Жанааркинский район', 'Zhanaarka District'),
  ],
  'west-kazakhstan': [
    d('baiterek', 'Бәйтерек ауданы', 'Байтерекский район', 'Baiterek District'),
    d('burli', 'Бөрлі ауданы', 'Бурлинский район', 'Burli District'),
    d('terekti', 'Теректі ауданы', 'Теректинский район', 'Terekti District'),
  ],
};

export const slug = (text: string) =>
  text
    .toLowerCase()
    .replace(/\s+district$/, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

/** The region's centre city (a district-level unit for schools) followed by its demo districts. */
export function demoDistrictsOf(regionCode: string, center: Names): SeedDistrict[] {
  return [
    { code: `${regionCode}:${slug(center.en)}-city`, kk: `${center.kk} қаласы`, ru: `город ${center.ru}`, en: `${center.en} City` },
    ...(DEMO_REGION_DISTRICTS[regionCode] ?? []).map((x) => ({ code: `${regionCode}:${x.slug}`, kk: x.kk, ru: x.ru, en: x.en })),
  ];
}

/** Three schools per district, numbered through the province as real school numbers are. */
export function demoSchoolsOf(districts: SeedDistrict[]): SeedSchool[] {
  let n = 0;
  return districts.flatMap((district) => {
    const [a, b, c] = [++n, ++n, ++n];
    return [
      { districtCode: district.code, code: `${district.code}:school-${a}`, kk: `№${a} жалпы білім беретін мектеп`, ru: `Общеобразовательная школа №${a}`, en: `Secondary School No. ${a}` },
      { districtCode: district.code, code: `${district.code}:school-${b}`, kk: `№${b} мектеп-гимназия`, ru: `Школа-гимназия №${b}`, en: `School-Gymnasium No. ${b}` },
      { districtCode: district.code, code: `${district.code}:school-${c}`, kk: `№${c} мектеп-лицей`, ru: `Школа-лицей №${c}`, en: `School-Lyceum No. ${c}` },
    ];
  });
}
