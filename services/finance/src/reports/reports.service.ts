import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { dayOf, inPeriod } from './period';
import type { ProductKind } from '../invoices/invoice.entity';

/**
 * Staff's finance figures, read-only: payments (paid invoices and completed recharges as one list), the overview
 * (sums by day and by product) and the chart data. Days are Kazakhstan days (period.ts). Every filter is a bound
 * parameter.
 */
export interface PaymentFilter {
  from: string;
  to: string;
  type?: 'invoice' | 'recharge';
  method?: 'wallet' | 'provider';
  kind?: ProductKind;
  productId?: string;
  userId?: string;
}

export interface PaymentRow {
  type: 'invoice' | 'recharge';
  id: string;
  userId: string;
  paidAt: string;
  method: string;
  product: { kind: string; id: string } | null;
  title: { kk: string; ru: string; en: string } | null;
  /** Money received (tenge): an invoice paid through the provider, or a recharge. */
  tenge: number;
  /** ZP: taken from the wallet for an invoice, or sold by a recharge. */
  zp: number;
  refundedAt: string | null;
}

const PAYMENTS = `
  SELECT 'invoice' AS type, i.id, i.user_id, i.paid_at, i.payment_method AS method, i.product_kind, i.product_id,
         i.title_kk, i.title_ru, i.title_en,
         CASE WHEN i.payment_method = 'provider' THEN i.amount_tenge ELSE 0 END AS tenge,
         CASE WHEN i.payment_method = 'wallet' THEN i.amount_zp ELSE 0 END AS zp, i.refunded_at
    FROM invoices i WHERE i.status = 'paid'
  UNION ALL
  SELECT 'recharge', r.id, r.user_id, r.completed_at, 'provider', NULL, NULL, NULL, NULL, NULL, r.price_tenge, r.amount_zp, NULL
    FROM zp_recharges r WHERE r.status = 'completed'`;

@Injectable()
export class ReportsService {
  constructor(private readonly ds: DataSource) {}

  async payments(f: PaymentFilter, page: { limit: number; offset: number }): Promise<{ rows: PaymentRow[]; total: number }> {
    const rows: (Record<string, unknown> & { total: string })[] = await this.ds.query(
      `SELECT p.*, count(*) OVER () AS total FROM (${PAYMENTS}) p
        WHERE ${inPeriod('p.paid_at', '$1', '$2')}
          AND ($3::text IS NULL OR p.type = $3) AND ($4::text IS NULL OR p.method = $4)
          AND ($5::text IS NULL OR p.product_kind = $5) AND ($6::uuid IS NULL OR p.product_id = $6)
          AND ($7::uuid IS NULL OR p.user_id = $7)
        ORDER BY p.paid_at DESC, p.id LIMIT $8 OFFSET $9`,
      [f.from, f.to, f.type ?? null, f.method ?? null, f.kind ?? null, f.productId ?? null, f.userId ?? null, page.limit, page.offset],
    );
    return {
      total: rows.length ? Number(rows[0].total) : 0,
      rows: rows.map((r) => ({
        type: r.type as PaymentRow['type'],
        id: r.id as string,
        userId: r.user_id as string,
        paidAt: (r.paid_at as Date).toISOString(),
        method: r.method as string,
        product: r.product_kind ? { kind: r.product_kind as string, id: r.product_id as string } : null,
        title: r.title_en ? { kk: r.title_kk as string, ru: r.title_ru as string, en: r.title_en as string } : null,
        tenge: Number(r.tenge),
        zp: Number(r.zp),
        refundedAt: r.refunded_at ? (r.refunded_at as Date).toISOString() : null,
      })),
    };
  }

  /** Sums by day (every day of the period, zeros included) and by product, and the period's totals. */
  async overview(from: string, to: string) {
    const byDay: Record<string, string>[] = await this.ds.query(
      `WITH days AS (SELECT to_char(d, 'YYYY-MM-DD') AS day FROM generate_series($1::date, $2::date, interval '1 day') d),
            p AS (SELECT ${dayOf('paid_at')} AS day, type, tenge, zp FROM (${PAYMENTS}) x WHERE ${inPeriod('paid_at', '$1', '$2')})
       SELECT days.day,
              count(*) FILTER (WHERE p.type = 'invoice') AS invoices, coalesce(sum(p.tenge) FILTER (WHERE p.type = 'invoice'), 0) AS invoice_tenge,
              coalesce(sum(p.zp) FILTER (WHERE p.type = 'invoice'), 0) AS invoice_zp,
              count(*) FILTER (WHERE p.type = 'recharge') AS recharges, coalesce(sum(p.tenge) FILTER (WHERE p.type = 'recharge'), 0) AS recharge_tenge,
              coalesce(sum(p.zp) FILTER (WHERE p.type = 'recharge'), 0) AS recharge_zp
         FROM days LEFT JOIN p ON p.day = days.day GROUP BY days.day ORDER BY days.day`,
      [from, to],
    );
    const byProduct: Record<string, string>[] = await this.ds.query(
      `SELECT product_kind, product_id, max(title_kk) AS title_kk, max(title_ru) AS title_ru, max(title_en) AS title_en,
              count(*) AS invoices, sum(tenge) AS tenge, sum(zp) AS zp
         FROM (${PAYMENTS}) x WHERE type = 'invoice' AND ${inPeriod('paid_at', '$1', '$2')}
        GROUP BY product_kind, product_id ORDER BY count(*) DESC, product_id LIMIT 200`,
      [from, to],
    );
    const refunds: { n: string; zp: string }[] = await this.ds.query(
      `SELECT count(*) AS n, coalesce(sum(refunded_zp), 0) AS zp FROM invoices WHERE ${inPeriod('refunded_at', '$1', '$2')}`,
      [from, to],
    );
    const days = byDay.map((d) => ({
      day: d.day,
      invoices: Number(d.invoices),
      invoiceTenge: Number(d.invoice_tenge),
      invoiceZp: Number(d.invoice_zp),
      recharges: Number(d.recharges),
      rechargeTenge: Number(d.recharge_tenge),
      rechargeZp: Number(d.recharge_zp),
    }));
    const sum = (k: keyof (typeof days)[number]) => days.reduce((s, d) => s + (d[k] as number), 0);
    return {
      period: { from, to },
      totals: {
        invoices: sum('invoices'),
        invoiceTenge: sum('invoiceTenge'),
        invoiceZp: sum('invoiceZp'),
        recharges: sum('recharges'),
        rechargeTenge: sum('rechargeTenge'),
        rechargeZp: sum('rechargeZp'),
        refunds: Number(refunds[0].n),
        refundedZp: Number(refunds[0].zp),
      },
      byDay: days,
      byProduct: byProduct.map((p) => ({
        product: { kind: p.product_kind, id: p.product_id },
        title: { kk: p.title_kk, ru: p.title_ru, en: p.title_en },
        invoices: Number(p.invoices),
        tenge: Number(p.tenge),
        zp: Number(p.zp),
      })),
    };
  }

  /** Chart data: invoices opened, paid and cancelled per day, and the invoices of the period by kind and status. */
  async analytics(from: string, to: string) {
    const series: Record<string, string>[] = await this.ds.query(
      `WITH days AS (SELECT to_char(d, 'YYYY-MM-DD') AS day FROM generate_series($1::date, $2::date, interval '1 day') d),
            o AS (SELECT ${dayOf('created_at')} AS day, count(*) AS n FROM invoices WHERE ${inPeriod('created_at', '$1', '$2')} GROUP BY 1),
            p AS (SELECT ${dayOf('paid_at')} AS day, count(*) AS n FROM invoices WHERE ${inPeriod('paid_at', '$1', '$2')} GROUP BY 1),
            c AS (SELECT ${dayOf('cancelled_at')} AS day, count(*) AS n FROM invoices WHERE ${inPeriod('cancelled_at', '$1', '$2')} GROUP BY 1),
            r AS (SELECT ${dayOf('completed_at')} AS day, sum(price_tenge) AS t FROM zp_recharges
                   WHERE status = 'completed' AND ${inPeriod('completed_at', '$1', '$2')} GROUP BY 1)
       SELECT days.day, coalesce(o.n, 0) AS opened, coalesce(p.n, 0) AS paid, coalesce(c.n, 0) AS cancelled, coalesce(r.t, 0) AS recharge_tenge
         FROM days LEFT JOIN o USING (day) LEFT JOIN p USING (day) LEFT JOIN c USING (day) LEFT JOIN r USING (day)
        ORDER BY days.day`,
      [from, to],
    );
    const byKind: Record<string, string>[] = await this.ds.query(
      `SELECT product_kind AS kind, status, count(*) AS n FROM invoices WHERE ${inPeriod('created_at', '$1', '$2')}
        GROUP BY product_kind, status ORDER BY product_kind, status`,
      [from, to],
    );
    const kinds = new Map<string, { kind: string; pending: number; paid: number; cancelled: number }>();
    for (const r of byKind) {
      const k = kinds.get(r.kind) ?? { kind: r.kind, pending: 0, paid: 0, cancelled: 0 };
      k[r.status as 'pending' | 'paid' | 'cancelled'] = Number(r.n);
      kinds.set(r.kind, k);
    }
    const opened = [...kinds.values()].reduce((s, k) => s + k.pending + k.paid + k.cancelled, 0);
    const paid = [...kinds.values()].reduce((s, k) => s + k.paid, 0);
    return {
      period: { from, to },
      series: series.map((s) => ({
        day: s.day,
        opened: Number(s.opened),
        paid: Number(s.paid),
        cancelled: Number(s.cancelled),
        rechargeTenge: Number(s.recharge_tenge),
      })),
      byKind: [...kinds.values()],
      /** Share of the period's invoices that are paid (0 when none were opened). */
      conversion: opened ? Math.round((paid / opened) * 1000) / 1000 : 0,
    };
  }
}
