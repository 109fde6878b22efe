import type { Localized, Subscription, SubscriptionPeriod, TariffView } from '@olymp/proto';
import { localized } from '../floor/localized';
import { type Enrolment, type EnrolmentPeriod, RENEWAL_LEAD_DAYS, type CourseTariff } from '../floor/enrolment.entities';

const DAY_MS = 24 * 3600_000;

/** An instant as the contracts' ISO text. */
export const iso = <T extends Date | null>(d: T): T extends Date ? string : string | null => (d ? d.toISOString() : null) as T extends Date ? string : string | null;

export const tariffView = (t: CourseTariff): TariffView => ({
  id: t.id,
  title: localized(t, 'title'),
  includes: localized(t, 'includes'),
  priceTenge: t.priceTenge,
  priceZp: t.priceZp,
  periodMonths: t.periodMonths,
});

/** `pending` before the first payment, `active` while now < accessUntil (to the millisecond), then `lapsed`. */
export const enrolmentStatus = (e: Pick<Enrolment, 'accessUntil'>, nowMs: number) =>
  e.accessUntil === null ? 'pending' as const : nowMs < e.accessUntil.getTime() ? 'active' as const : 'lapsed' as const;

/** How a period reads to the pupil: a refunded one never reads "paid", one whose access is over reads "ended". */
export function periodState(p: EnrolmentPeriod, accessUntil: Date | null, nowMs: number): SubscriptionPeriod['state'] {
  if (p.refundedAt) return 'refunded';
  if (p.status !== 'paid') return p.status;
  const end = Math.min(p.endsAt?.getTime() ?? Infinity, accessUntil?.getTime() ?? Infinity);
  return nowMs >= end ? 'ended' : 'paid';
}

export const periodView = (p: EnrolmentPeriod, accessUntil: Date | null, nowMs: number): SubscriptionPeriod => ({
  id: p.id, kind: p.kind, status: p.status, invoiceId: p.invoiceId, amountTenge: p.amountTenge, amountZp: p.amountZp,
  startsAt: iso(p.startsAt), endsAt: iso(p.endsAt), paidAt: iso(p.paidAt), refundedAt: iso(p.refundedAt),
  state: periodState(p, accessUntil, nowMs),
});

export function subscriptionView(e: Enrolment, tariff: CourseTariff, periods: EnrolmentPeriod[], nowMs: number): Subscription {
  const pending = periods.find((p) => p.status === 'pending');
  return {
    enrolmentId: e.id,
    status: enrolmentStatus(e, nowMs),
    tariff: tariffView(tariff),
    accessUntil: iso(e.accessUntil),
    renew: e.renew,
    renewalOpensAt: e.accessUntil && e.renew ? new Date(e.accessUntil.getTime() - RENEWAL_LEAD_DAYS * DAY_MS).toISOString() : null,
    pendingInvoiceId: pending?.invoiceId ?? null,
    periods: periods.map((p) => periodView(p, e.accessUntil, nowMs)),
  };
}

export const titleOf = (row: { titleKk: string; titleRu: string; titleEn: string }): Localized => localized(row, 'title');
