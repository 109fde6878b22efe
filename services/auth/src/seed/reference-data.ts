import { type LandingDates, type LandingStage, type Permission, type RoleName, PERMISSIONS, ROLE } from '@olymp/proto';

/**
 * Reference data the platform cannot run without: the roles of spec section 6 and which permission each holds.
 * The spec does not say which role holds which key; this matrix is our decision, made from what each job does
 * (see docs/architecture.md). Admin holds everything implicitly. Staff can change it later in the admin area.
 */
export const ROLE_TITLES: Record<RoleName, { kk: string; ru: string; en: string }> = {
  admin: { kk: 'Әкімші', ru: 'Администратор', en: 'Administrator' },
  manager: { kk: 'Менеджер', ru: 'Менеджер', en: 'Manager' },
  student: { kk: 'Оқушы', ru: 'Ученик', en: 'Student' },
  contentMaker: { kk: 'Контент жасаушы', ru: 'Контент-мейкер', en: 'Content maker' },
  regionalDirector: { kk: 'Өңірлік директор', ru: 'Региональный директор', en: 'Regional director' },
  examAdmin: { kk: 'Емтихан әкімшісі', ru: 'Администратор экзамена', en: 'Exam administrator' },
  examObserver: { kk: 'Емтихан бақылаушысы', ru: 'Наблюдатель экзамена', en: 'Exam observer' },
};

const all = (prefix: string) => PERMISSIONS.filter((p) => p.startsWith(prefix));

export const DEFAULT_ROLE_PERMISSIONS: Record<Exclude<RoleName, 'admin'>, Permission[]> = {
  manager: [
    ...all('sidebar:').filter((p) => !['sidebar:role_index', 'sidebar:permission_index', 'sidebar:settings_general'].includes(p)),
    ...all('challenge:'),
    ...all('training:'),
    ...all('checkpoint:'),
    ...all('course:'),
    ...all('group:'),
    ...all('wage:'),
    ...all('event:'),
    ...all('management:'),
    ...all('upload:'),
    ...all('user:'),
    'otp:index',
    'system:health_view',
    'system:probe_view',
    'log:index',
    ...all('finance:'),
    ...all('shop:'),
    ...all('chat:'),
  ],
  student: [],
  contentMaker: [
    'sidebar:library_index', 'sidebar:quiz_index', 'sidebar:course_index', 'sidebar:training_index', 'sidebar:challenge_index',
    ...all('library:'),
    ...all('quiz:'),
    ...all('upload:'),
    'training:create', 'training:update', 'training:chapter_tab', 'training:chapter_create', 'training:subchapter_update',
    'challenge:create', 'challenge:update', 'challenge:checkpoint_tab', 'challenge:information_tab', 'challenge:certificate_tab',
    ...all('checkpoint:'),
    'course:create', 'course:update',
  ],
  regionalDirector: [
    'sidebar:student_index', 'sidebar:challenge_index', 'sidebar:training_index', 'sidebar:payment_index',
    'challenge:leaderboard_tab', 'challenge:statistics_tab', 'challenge:test_result_tab', 'challenge:test_statistics_tab',
    'training:leaderboard_tab', 'training:statistics_tab', 'training:test_results_tab', 'training:test_statistics_tab',
    'finance:overview', 'finance:analytics',
  ],
  examAdmin: [
    'sidebar:challenge_index', 'sidebar:student_index', 'sidebar:otp_index',
    'challenge:checkpoint_tab', 'challenge:leaderboard_tab', 'challenge:test_result_tab', 'challenge:access_tab',
    ...all('checkpoint:'),
    'otp:index',
    'user:devices_view',
    'user:devices_reset',
  ],
  examObserver: ['sidebar:challenge_index', 'challenge:leaderboard_tab', 'challenge:test_result_tab', 'challenge:statistics_tab', 'checkpoint:view'],
};

/** Demo people of `npm start` (README lists the phones). */
export const DEMO_USERS: { phone: string; firstName: string; lastName: string; roleId: number; grade: number | null }[] = [
  { phone: '+77000000001', firstName: 'Әлия', lastName: 'Админова', roleId: ROLE.admin, grade: null },
  { phone: '+77000000003', firstName: 'Марат', lastName: 'Менеджеров', roleId: ROLE.manager, grade: null },
  { phone: '+77000000010', firstName: 'Дана', lastName: 'Контентова', roleId: ROLE.contentMaker, grade: null },
  { phone: '+77000000105', firstName: 'Айгерім', lastName: 'Бесінші', roleId: ROLE.student, grade: 5 },
  { phone: '+77000000106', firstName: 'Нұрлан', lastName: 'Алтыншы', roleId: ROLE.student, grade: 6 },
  { phone: '+77000000107', firstName: 'Ерасыл', lastName: 'Жетінші', roleId: ROLE.student, grade: 7 },
];

const stage = (kk: string, ru: string, en: string, date: string | null): LandingStage => ({ name: { kk, ru, en }, date });

/** The 2026-2027 olympiad stages the landing pages show in the demo (`landing` setting; staff change them in Settings). */
export const DEMO_LANDING: LandingDates = {
  stages: {
    primary: [
      stage('Мектеп кезеңі (5–6-сыныптар)', 'Школьный этап (5–6 классы)', 'School stage (grades 5–6)', '2026-10-01'),
      stage('Мектеп кезеңі (3–4-сыныптар)', 'Школьный этап (3–4 классы)', 'School stage (grades 3–4)', '2026-10-03'),
      stage('Облыс кезеңі', 'Областной этап', 'Regional stage', '2026-11-27'),
      stage('Республикалық кезең', 'Республиканский этап', 'Republican stage', null),
    ],
    senior: [
      stage('Мектеп кезеңі', 'Школьный этап', 'School stage', '2026-10-16'),
      stage('Облыс кезеңі', 'Областной этап', 'Regional stage', '2026-11-27'),
      stage('Республикалық кезең', 'Республиканский этап', 'Republican stage', '2027-03-19'),
    ],
    teachers: [
      stage('Аудан кезеңі', 'Районный этап', 'District stage', null),
      stage('Облыс кезеңі', 'Областной этап', 'Regional stage', '2026-11-27'),
    ],
  },
  updatedOn: '2026-09-15',
  legalUpdatedOn: '2026-09-01',
};
