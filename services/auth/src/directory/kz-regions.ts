/**
 * Kazakhstan's first-level divisions as of 2024: 17 regions (after the 2022 reform) and 3 cities of republican
 * significance with their city districts, named in kk/ru/en. Copied from the project's shared data file
 * kz-regions.json; reference data seeded at every start (directory.seeder.ts).
 */
export interface RegionData {
  code: string;
  kk: string;
  ru: string;
  en: string;
  center: { kk: string; ru: string; en: string };
}

export interface CityData {
  code: string;
  kk: string;
  ru: string;
  en: string;
  districts: { kk: string; ru: string; en: string }[];
}

export const KZ_REGIONS: readonly RegionData[] = [
  { code: 'abai', kk: 'Абай облысы', ru: 'Абайская область', en: 'Abai Region', center: { kk: 'Семей', ru: 'Семей', en: 'Semey' } },
  { code: 'akmola', kk: 'Ақмола облысы', ru: 'Акмолинская область', en: 'Akmola Region', center: { kk: 'Көкшетау', ru: 'Кокшетау', en: 'Kokshetau' } },
  { code: 'aktobe', kk: 'Ақтөбе облысы', ru: 'Актюбинская область', en: 'Aktobe Region', center: { kk: 'Ақтөбе', ru: 'Актобе', en: 'Aktobe' } },
  { code: 'almaty-region', kk: 'Алматы облысы', ru: 'Алматинская область', en: 'Almaty Region', center: { kk: 'Қонаев', ru: 'Конаев', en: 'Konaev' } },
  { code: 'atyrau', kk: 'Атырау облысы', ru: 'Атырауская область', en: 'Atyrau Region', center: { kk: 'Атырау', ru: 'Атырау', en: 'Atyrau' } },
  { code: 'east-kazakhstan', kk: 'Шығыс Қазақстан облысы', ru: 'Восточно-Казахстанская область', en: 'East Kazakhstan Region', center: { kk: 'Өскемен', ru: 'Усть-Каменогорск', en: 'Oskemen' } },
  { code: 'jambyl', kk: 'Жамбыл облысы', ru: 'Жамбылская область', en: 'Jambyl Region', center: { kk: 'Тараз', ru: 'Тараз', en: 'Taraz' } },
  { code: 'jetisu', kk: 'Жетісу облысы', ru: 'Жетысуская область', en: 'Jetisu Region', center: { kk: 'Талдықорған', ru: 'Талдыкорган', en: 'Taldykorgan' } },
  { code: 'karaganda', kk: 'Қарағанды облысы', ru: 'Карагандинская область', en: 'Karaganda Region', center: { kk: 'Қарағанды', ru: 'Караганда', en: 'Karaganda' } },
  { code: 'kostanay', kk: 'Қостанай облысы', ru: 'Костанайская область', en: 'Kostanay Region', center: { kk: 'Қостанай', ru: 'Костанай', en: 'Kostanay' } },
  { code: 'kyzylorda', kk: 'Қызылорда облысы', ru: 'Кызылординская область', en: 'Kyzylorda Region', center: { kk: 'Қызылорда', ru: 'Кызылорда', en: 'Kyzylorda' } },
  { code: 'mangystau', kk: 'Маңғыстау облысы', ru: 'Мангистауская область', en: 'Mangystau Region', center: { kk: 'Ақтау', ru: 'Актау', en: 'Aktau' } },
  { code: 'north-kazakhstan', kk: 'Солтүстік Қазақстан облысы', ru: 'Северо-Казахстанская область', en: 'North Kazakhstan Region', center: { kk: 'Петропавл', ru: 'Петропавловск', en: 'Petropavl' } },
  { code: 'pavlodar', kk: 'Павлодар облысы', ru: 'Павлодарская область', en: 'Pavlodar Region', center: { kk: 'Павлодар', ru: 'Павлодар', en: 'Pavlodar' } },
  { code: 'turkistan', kk: 'Түркістан облысы', ru: 'Туркестанская область', en: 'Turkistan Region', center: { kk: 'Түркістан', ru: 'Туркестан', en: 'Turkistan' } },
  { code: 'ulytau', kk: 'Ұлытау облысы', ru: 'Улытауская область', en: 'Ulytau Region', center: { kk: 'Жезқазған', ru: 'Жезказган', en: 'Jezkazgan' } },
  { code: 'west-kazakhstan', kk: 'Батыс Қазақстан облысы', ru: 'Западно-Казахстанская область', en: 'West Kazakhstan Region', center: { kk: 'Орал', ru: 'Уральск', en: 'Oral' } },
];

export const KZ_CITIES: readonly CityData[] = [
  {
    code: 'astana', kk: 'Астана', ru: 'Астана', en: 'Astana',
    districts: [
      { kk: 'Алматы ауданы', ru: 'район Алматы', en: 'Almaty District' },
      { kk: 'Байқоңыр ауданы', ru: 'район Байконыр', en: 'Baikonyr District' },
      { kk: 'Есіл ауданы', ru: 'район Есиль', en: 'Yesil District' },
      { kk: 'Нұра ауданы', ru: 'район Нура', en: 'Nura District' },
      { kk: 'Сарыарқа ауданы', ru: 'район Сарыарка', en: 'Saryarka District' },
    ],
  },
  {
    code: 'almaty', kk: 'Алматы', ru: 'Алматы', en: 'Almaty',
    districts: [
      { kk: 'Алатау ауданы', ru: 'Алатауский район', en: 'Alatau District' },
      { kk: 'Алмалы ауданы', ru: 'Алмалинский район', en: 'Almaly District' },
      { kk: 'Әуезов ауданы', ru: 'Ауэзовский район', en: 'Auezov District' },
      { kk: 'Бостандық ауданы', ru: 'Бостандыкский район', en: 'Bostandyk District' },
      { kk: 'Жетісу ауданы', ru: 'Жетысуский район', en: 'Zhetysu District' },
      { kk: 'Медеу ауданы', ru: 'Медеуский район', en: 'Medeu District' },
      { kk: 'Наурызбай ауданы', ru: 'Наурызбайский район', en: 'Nauryzbay District' },
      { kk: 'Түрксіб ауданы', ru: 'Турксибский район', en: 'Turksib District' },
    ],
  },
  {
    code: 'shymkent', kk: 'Шымкент', ru: 'Шымкент', en: 'Shymkent',
    districts: [
      { kk: 'Абай ауданы', ru: 'Абайский район', en: 'Abai District' },
      { kk: 'Әл-Фараби ауданы', ru: 'Аль-Фарабийский район', en: 'Al-Farabi District' },
      { kk: 'Еңбекші ауданы', ru: 'Енбекшинский район', en: 'Enbekshi District' },
      { kk: 'Қаратау ауданы', ru: 'Каратауский район', en: 'Karatau District' },
      { kk: 'Тұран ауданы', ru: 'Туранский район', en: 'Turan District' },
    ],
  },
];
