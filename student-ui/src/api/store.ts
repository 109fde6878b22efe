/**
 * The course store and enrolment (learning's enrolment/, docs/learning.md "Store and enrolment"), and paying a
 * course invoice's tenge through the payment provider (finance). Types are proto's contracts, imported type-only.
 */
import type {
  CourseInvoiceReply, CourseStandingReply, FreeTrialGrantReply, FreeTrialReply, InvoiceProviderPaymentReply, MyCoursesReply, StoreCourseReply,
  StoreListReply, StoreTab, SubscriptionChangeReply, SubscriptionReply,
} from '@olymp/proto';
import { authJson } from './session';

export type { StoreCard, StoreCourse, StoreTab, Subscription, TariffView } from '@olymp/proto';
export const STORE_TABS: readonly StoreTab[] = ['live', 'flex', 'self-study', 'offline', 'training'];

export const getStore = (tab: StoreTab) => authJson<StoreListReply>(`store/courses?tab=${tab}`);
export const getStoreCourse = (id: string) => authJson<StoreCourseReply>(`store/courses/${id}`).then((a) => a.data);
export const getStanding = (user: string, course: string) => authJson<CourseStandingReply>(`users/${user}/courses/${course}`).then((a) => a.data);
export const openCourseInvoice = (user: string, course: string, tariffId: string) =>
  authJson<CourseInvoiceReply>(`users/${user}/courses/${course}/invoice`, { method: 'POST', body: { tariffId } }).then((a) => a.data);
export const getSubscription = (user: string, course: string) => authJson<SubscriptionReply>(`users/${user}/courses/${course}/manage-subscription`).then((a) => a.data);
export const setRenewal = (user: string, course: string, renew: boolean) =>
  authJson<SubscriptionChangeReply>(`users/${user}/courses/${course}/manage-subscription`, { method: 'POST', body: { renew } });
export const getFreeTrial = (user: string, course: string) => authJson<FreeTrialReply>(`users/${user}/courses/${course}/free-trial-lesson`).then((a) => a.data);
export const takeFreeTrial = (user: string, course: string) =>
  authJson<FreeTrialGrantReply>(`users/${user}/courses/${course}/free-trial-lesson`, { method: 'POST', body: {} });
export const getMyCourses = () => authJson<MyCoursesReply>('my-courses');

/** Tenge by card: starts (or answers the pending) provider payment of an invoice. */
export const startInvoicePayment = (invoiceId: string) =>
  authJson<InvoiceProviderPaymentReply>(`invoices/${invoiceId}/provider-payment`, { method: 'POST' }).then((a) => a.data);
/** The sandbox provider's stand-in for its payment page (outside production only). */
export const sandboxInvoicePayment = (invoiceId: string, outcome: 'succeeded' | 'failed') =>
  authJson<InvoiceProviderPaymentReply>(`invoices/${invoiceId}/sandbox-complete`, { method: 'POST', body: { outcome } });
