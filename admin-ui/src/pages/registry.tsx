/**
 * Hand-written pages, only where a generated screen cannot serve (issue 7): by resource and action, plus routes that
 * are not a resource action (a checkpoint under its challenge). Everything else is generated from the metadata.
 */
import { lazy, type ComponentType } from 'react';
import { CreateThenShow } from '../crud/CreateThenShow';
import { PAGES as COURSE_PAGES } from './courses/pages';
import { PAGES as EVENT_PAGES } from './events/pages';
import { PAGES as PEOPLE_PAGES } from './people/pages';
import { PAGES as SETTINGS_PAGES } from './settings/pages';
import { PAGES as SHOP_PAGES } from './shop/pages';
import { PAGES as TRAINING_PAGES } from './trainings/pages';
import { PAGES as LIBRARY_PAGES } from './library/pages';
import { PAGES as MEDIA_PAGES } from './media/pages';
import { PAGES as TEACHING_PAGES } from './teaching/pages';

export interface PageProps {
  resource: string;
  id: string;
  params: Record<string, string | undefined>;
}

type Pages = Partial<Record<'list' | 'create' | 'edit' | 'show', ComponentType<PageProps>>>;
type ExtraRoute = { path: string; resource: string; action: string; component: ComponentType<PageProps> };

/** An area's pages (pages/<area>/pages.tsx): by resource and action, and routes that are not a resource action. */
export interface AreaPages {
  pages: Record<string, Pages>;
  routes: ExtraRoute[];
}

const ChallengeShow = lazy(() => import('./challenges/ChallengeShow'));
const CheckpointPage = lazy(() => import('./challenges/CheckpointPage'));
const QuizBuilder = lazy(() => import('./quizzes/QuizBuilder'));
const RolesPage = lazy(() => import('./roles/RolesPage'));
const FinanceOverview = lazy(() => import('./finance/FinanceOverview'));
const FinancePayments = lazy(() => import('./finance/FinancePayments'));
const FinanceInvoices = lazy(() => import('./finance/FinanceInvoices'));
const FinanceAnalytics = lazy(() => import('./finance/FinanceAnalytics'));
const InvoiceShow = lazy(() => import('./finance/InvoiceShow'));
const InvoiceCreate = lazy(() => import('./finance/InvoiceCreate'));
const OtpLogPage = lazy(() => import('./otp/OtpLogPage'));

const AREAS: AreaPages[] = [TRAINING_PAGES, PEOPLE_PAGES, SETTINGS_PAGES, SHOP_PAGES, COURSE_PAGES, LIBRARY_PAGES, MEDIA_PAGES, TEACHING_PAGES, EVENT_PAGES];

export const CUSTOM_PAGES: Record<string, Pages> = {
  challenges: { show: ChallengeShow, create: CreateThenShow },
  quizzes: { show: QuizBuilder, create: CreateThenShow },
  roles: { list: RolesPage },
  'finance-overview': { list: FinanceOverview },
  'finance-payments': { list: FinancePayments },
  'finance-invoices': { list: FinanceInvoices },
  'finance-analytics': { list: FinanceAnalytics },
  otp: { list: OtpLogPage },
  ...Object.assign({}, ...AREAS.map((a) => a.pages)),
};

export const EXTRA_ROUTES: ExtraRoute[] = [
  { path: '/challenges/:challengeId/checkpoints/:id', resource: 'checkpoints', action: 'show', component: CheckpointPage },
  // Under the invoices section: its keys (sidebar:payment_index, finance:invoice_index); creating checks invoice_create.
  { path: '/finance/invoices/create', resource: 'finance-invoices', action: 'create', component: InvoiceCreate },
  { path: '/finance/invoices/:id', resource: 'finance-invoices', action: 'show', component: InvoiceShow },
  ...AREAS.flatMap((a) => a.routes),
];
