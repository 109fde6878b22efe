/**
 * Where each part of the staff area sits: its route, its sidebar group and the `sidebar:*` key that shows it
 * (spec 2 and 6). A standard resource the backend publishes but this list does not name still gets generated
 * screens under /resources/<name> and a sidebar entry in the "All resources" group: a new resource needs no code.
 */
export type SidebarGroup = 'learning' | 'people' | 'finance' | 'shop' | 'management' | 'admin' | 'resources';

export interface SectionEntry {
  /** Refine's resource name; for a standard resource, its API path. */
  name: string;
  /** The list route (relative to /admin). */
  route: string;
  group?: SidebarGroup;
  /** Keys the sidebar item and its pages need besides the API's own (spec 6). */
  sidebar: string[];
  /** Translation key of its sidebar label. */
  label: string;
  /** Not a standard resource: custom pages only. */
  custom?: boolean;
  /** Hidden from the sidebar (reached from another page). */
  hidden?: boolean;
  /** Shown only to a staff member who teaches a course group (GET my-teaching-groups), whatever their keys. */
  teaching?: boolean;
}

const management = (name: string, label = `sidebar.${name}`): SectionEntry => ({
  name,
  route: `/management/${name}`,
  group: 'management',
  sidebar: ['sidebar:management_index'],
  label,
});

export const CATALOGUE: readonly SectionEntry[] = [
  // A teacher's own groups (issue 15, docs/teaching.md "My groups"): membership decides, not keys, so it stands outside
  // the sidebar groups (a teacher may hold no learning key) and shows only to those who teach a group.
  { name: 'my-groups', route: '/my-groups', sidebar: [], label: 'sidebar.myGroups', custom: true, teaching: true },
  { name: 'challenges', route: '/challenges', group: 'learning', sidebar: ['sidebar:challenge_index'], label: 'sidebar.challenges' },
  { name: 'trainings', route: '/trainings', group: 'learning', sidebar: ['sidebar:training_index'], label: 'sidebar.trainings' },
  { name: 'quizzes', route: '/quizzes', group: 'learning', sidebar: ['sidebar:quiz_index'], label: 'sidebar.quizzes' },
  // Courses (issue 15, spec 2's sidebar "Courses"): generated screens at their resource addresses (a group's page is
  // hand-written, pages/courses), in the learning group with kk/ru/en names rather than under "All resources".
  { name: 'courses', route: '/resources/courses', group: 'learning', sidebar: ['sidebar:course_index'], label: 'sidebar.courses' },
  // "Mini Course" (spec 2 names only the label): the self-study courses, the generated courses list narrowed to that kind.
  { name: 'mini-courses', route: '/mini-courses', group: 'learning', sidebar: ['sidebar:course_index'], label: 'sidebar.miniCourses', custom: true },
  { name: 'modules', route: '/resources/modules', group: 'learning', sidebar: ['sidebar:course_index'], label: 'sidebar.modules' },
  { name: 'tariffs', route: '/resources/tariffs', group: 'learning', sidebar: ['sidebar:course_index'], label: 'sidebar.tariffs' },
  { name: 'groups', route: '/resources/groups', group: 'learning', sidebar: ['sidebar:group_index'], label: 'sidebar.groups' },
  { name: 'lessons', route: '/resources/lessons', group: 'learning', sidebar: ['sidebar:group_index'], label: 'sidebar.lessons' },
  // The class schedule (issue 15, teaching): every group's lessons of a week (GET class-schedule).
  { name: 'class-schedule', route: '/class-schedule', group: 'learning', sidebar: ['sidebar:group_index'], label: 'sidebar.classSchedule', custom: true },
  // The attendance report (issue 15, teaching): a group's pupils x lessons in Almaty days, and its CSV (GET attendance-report).
  { name: 'attendance', route: '/attendance', group: 'learning', sidebar: ['sidebar:attendance_index'], label: 'sidebar.attendance', custom: true },
  // Homework across groups (issue 15, teaching; GET homework-overview): each task opens its group's homework tab.
  { name: 'homework-overview', route: '/homework', group: 'learning', sidebar: ['sidebar:group_index'], label: 'sidebar.homework', custom: true },
  // An online course's pupil pages (learning's course-pages/, docs/course-pages.md): the groups' news posts, consultation
  // times with who booked them, and the versions of courses' terms (generated screens; versions are only added).
  { name: 'course-news', route: '/course-news', group: 'learning', sidebar: ['sidebar:group_index'], label: 'sidebar.courseNews' },
  { name: 'consultation-slots', route: '/consultation-slots', group: 'learning', sidebar: ['sidebar:group_index'], label: 'sidebar.consultationSlots' },
  { name: 'course-terms', route: '/course-terms', group: 'learning', sidebar: ['sidebar:course_index'], label: 'sidebar.courseTerms' },
  // A training's chapters and subchapters are edited from its page (pages/trainings), not from the sidebar.
  { name: 'training-chapters', route: '/resources/training-chapters', group: 'learning', sidebar: [], label: 'resources.training-chapters.title', hidden: true },
  { name: 'training-subchapters', route: '/resources/training-subchapters', group: 'learning', sidebar: [], label: 'resources.training-subchapters.title', hidden: true },
  // The library (spec 2): libraries in the sidebar; chapters, subchapters, cards and collections are reached from a library.
  { name: 'events', route: '/resources/events', group: 'learning', sidebar: [], label: 'sidebar.events' },
  { name: 'library', route: '/library', group: 'learning', sidebar: ['sidebar:library_index'], label: 'sidebar.library' },
  { name: 'chapters', route: '/library-chapters', group: 'learning', sidebar: [], label: 'resources.chapters.title', hidden: true },
  { name: 'subchapters', route: '/library-subchapters', group: 'learning', sidebar: [], label: 'resources.subchapters.title', hidden: true },
  { name: 'cards', route: '/library-cards', group: 'learning', sidebar: [], label: 'resources.cards.title', hidden: true },
  { name: 'collections', route: '/library-collections', group: 'learning', sidebar: [], label: 'resources.collections.title', hidden: true },
  // Flex (self-paced) courses (learning's flex/): a flex course's chapters and their lessons (text in kk/ru/en, a test,
  // points); a lesson's videos are its materials (owner kind flex-lesson).
  { name: 'flex-chapters', route: '/flex-chapters', group: 'learning', sidebar: ['sidebar:course_index'], label: 'sidebar.flexChapters' },
  { name: 'flex-lessons', route: '/flex-lessons', group: 'learning', sidebar: ['sidebar:course_index'], label: 'sidebar.flexLessons' },
  // Materials and videos of lessons, training subchapters, library chapters and events (learning's media/): the API
  // decides by the owner's keys, so the page needs no sidebar key of its own.
  { name: 'materials', route: '/materials', group: 'learning', sidebar: [], label: 'sidebar.materials', custom: true },
  { name: 'students', route: '/students', group: 'people', sidebar: ['sidebar:student_index'], label: 'sidebar.students' },
  { name: 'teachers', route: '/staffs', group: 'people', sidebar: ['sidebar:staff_index'], label: 'sidebar.staff' },
  { name: 'users', route: '/users', group: 'people', sidebar: ['sidebar:user_index'], label: 'sidebar.users' },
  { name: 'finance-overview', route: '/finance', group: 'finance', sidebar: ['sidebar:payment_index', 'finance:overview'], label: 'sidebar.financeOverview', custom: true },
  { name: 'finance-payments', route: '/finance/payments', group: 'finance', sidebar: ['sidebar:payment_index', 'finance:payments'], label: 'sidebar.payments', custom: true },
  { name: 'finance-invoices', route: '/finance/invoices', group: 'finance', sidebar: ['sidebar:payment_index', 'finance:invoice_index'], label: 'sidebar.invoices', custom: true },
  { name: 'finance-analytics', route: '/finance/analytics', group: 'finance', sidebar: ['sidebar:payment_index', 'finance:analytics'], label: 'sidebar.analytics', custom: true },
  // The shop (issue 14): the catalogue's standard resources (product editor and category tree are hand-written),
  // and staff's three order lists over GET /api/orders (custom pages, one order's page under /shop/orders/{id}).
  { name: 'products', route: '/shop/products', group: 'shop', sidebar: [], label: 'sidebar.products' },
  { name: 'categories', route: '/shop/categories', group: 'shop', sidebar: [], label: 'sidebar.categories' },
  { name: 'sliders', route: '/shop/sliders', group: 'shop', sidebar: [], label: 'sidebar.sliders' },
  { name: 'pickup-points', route: '/shop/pickup-points', group: 'shop', sidebar: [], label: 'sidebar.pickupPoints' },
  { name: 'delivery-points', route: '/shop/delivery-points', group: 'shop', sidebar: [], label: 'sidebar.deliveryPoints' },
  // Prizes: the rules that grant them automatically, those staff grant by hand, and every prize won with its claim (GET /api/claimed-products).
  { name: 'prize-rules', route: '/shop/prize-rules', group: 'shop', sidebar: [], label: 'sidebar.prizeRules' },
  // Prizes given by hand (generated screens): the pupil picked by typing part of their name, listed by name.
  { name: 'prizes', route: '/shop/prizes', group: 'shop', sidebar: [], label: 'sidebar.prizes' },
  { name: 'shop-claimed-products', route: '/shop/claimed-products', group: 'shop', sidebar: ['shop:prize_manage'], label: 'sidebar.claimedProducts', custom: true },
  { name: 'specs', route: '/shop/specs', group: 'shop', sidebar: [], label: 'resources.specs.title', hidden: true },
  { name: 'shop-orders-delivery', route: '/shop/orders/delivery', group: 'shop', sidebar: ['shop:order_index'], label: 'sidebar.deliveryOrders', custom: true },
  { name: 'shop-orders-pickup', route: '/shop/orders/pickup', group: 'shop', sidebar: ['shop:order_index'], label: 'sidebar.pickupOrders', custom: true },
  { name: 'shop-orders-returns', route: '/shop/orders/returns', group: 'shop', sidebar: ['shop:order_index'], label: 'sidebar.returnOrders', custom: true },
  management('provinces'),
  management('districts'),
  management('schools'),
  management('cities'),
  management('centers'),
  management('grades'),
  management('subjects'),
  management('directions'),
  { name: 'roles', route: '/settings/roles', group: 'admin', sidebar: ['sidebar:role_index'], label: 'sidebar.roles' },
  { name: 'permissions', route: '/settings/permissions', group: 'admin', sidebar: ['sidebar:permission_index'], label: 'sidebar.permissions' },
  { name: 'settings-general', route: '/settings/general', group: 'admin', sidebar: ['sidebar:settings_general'], label: 'sidebar.settingsGeneral', custom: true },
  { name: 'social-media', route: '/settings/social-media', group: 'admin', sidebar: ['sidebar:settings_general', 'setting:update'], label: 'sidebar.socialMedia', custom: true },
  { name: 'otp', route: '/otp', group: 'admin', sidebar: ['sidebar:otp_index', 'otp:index'], label: 'sidebar.otp', custom: true },
  { name: 'logs', route: '/logs', group: 'admin', sidebar: [], label: 'sidebar.logs' },
  { name: 'logs/learning', route: '/logs/learning', group: 'admin', sidebar: [], label: 'sidebar.logsLearning' },
  { name: 'logs/notifications', route: '/logs/notifications', group: 'admin', sidebar: [], label: 'sidebar.logsNotifications' },
];

export const GROUPS: readonly { name: SidebarGroup; label: string }[] = [
  { name: 'learning', label: 'sidebar.learningProcess' },
  { name: 'people', label: 'sidebar.people' },
  { name: 'finance', label: 'sidebar.finance' },
  { name: 'shop', label: 'sidebar.shop' },
  { name: 'management', label: 'sidebar.management' },
  { name: 'admin', label: 'sidebar.adminPanel' },
  { name: 'resources', label: 'sidebar.resources' },
];

export function catalogueEntry(name: string): SectionEntry | undefined {
  return CATALOGUE.find((e) => e.name === name);
}

/** The entry of a standard resource: its catalogue entry, or the generated default. */
export function entryFor(name: string): SectionEntry {
  return catalogueEntry(name) ?? { name, route: `/resources/${name}`, group: 'resources', sidebar: [], label: `resources.${name}.title` };
}
