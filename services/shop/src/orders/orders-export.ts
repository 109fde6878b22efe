/**
 * Staff's CSV of an order list (`GET /api/orders/export`): the rows `GET /api/orders` lists for the same filters,
 * all of them, streamed in pages of 500 (keyset on created_at, id), so memory stays flat however many there are.
 * What staff read, in their language: column titles, statuses, the fulfilment method and currency by their labels,
 * the pupil by name (auth, one request per page), the pickup or parcel point by name, the address as text. The order
 * is named by the number the admin list shows; no other ids.
 */
import { Readable } from 'node:stream';
import { Injectable } from '@nestjs/common';
import { DataSource, In } from 'typeorm';
import type { Locale, ShopOrderStatus } from '@olymp/proto';
import { RpcClient, csvLine } from '@olymp/server-kit';
import { PickupPoint } from '../catalogue/catalogue.entities';
import { DeliveryPoint } from '../fulfilment/fulfilment.entities';
import { Order, OrderLine } from './order.entities';

type L = Record<Locale, string>;
const l = (en: string, ru: string, kk: string): L => ({ en, ru, kk });

/** The columns, in order, with their titles (the admin's list labels where it has them). */
export const EXPORT_COLUMNS = {
  number: l('Number', 'Номер', 'Нөмірі'),
  created: l('Created', 'Создан', 'Құрылды'),
  status: l('Status', 'Статус', 'Күйі'),
  method: l('Fulfilment', 'Способ получения', 'Алу тәсілі'),
  pupil: l('Pupil', 'Ученик', 'Оқушы'),
  items: l('Items', 'Товары', 'Тауарлар'),
  total: l('Total', 'Сумма', 'Сомасы'),
  currency: l('Currency', 'Валюта', 'Валюта'),
  zpApplied: l('ZP towards the price', 'ZP в счёт цены', 'Бағаға жұмсалған ZP'),
  destination: l('Where to', 'Куда', 'Қайда'),
  paid: l('Paid', 'Оплачен', 'Төленді'),
} as const;

/** The admin's status labels (admin-ui shop.json `status`), so the file reads like the screen. */
export const EXPORT_STATUS_LABELS: Record<ShopOrderStatus, L> = {
  awaiting_payment: l('Awaiting payment', 'Ожидает оплаты', 'Төлем күтілуде'),
  paid: l('Paid', 'Оплачен', 'Төленді'),
  processing: l('Processing', 'Собирается', 'Дайындалуда'),
  shipped: l('Shipped', 'Отправлен', 'Жіберілді'),
  delivered: l('Delivered', 'Доставлен', 'Жеткізілді'),
  ready_for_pickup: l('Ready for pickup', 'Готов к выдаче', 'Алуға дайын'),
  picked_up: l('Picked up', 'Выдан', 'Берілді'),
  cancelled: l('Cancelled', 'Отменён', 'Жойылды'),
  return_requested: l('Return requested', 'Запрошен возврат', 'Қайтару сұралды'),
  returned: l('Returned', 'Возвращён', 'Қайтарылды'),
  return_refused: l('Return refused', 'Отказ в возврате', 'Қайтарудан бас тартылды'),
};
const METHOD_LABELS: Record<Order['method'], L> = { delivery: l('Delivery', 'Доставка', 'Жеткізу'), pickup: l('Pickup', 'Самовывоз', 'Өзі алып кету') };
const CURRENCY_LABELS: Record<Order['currency'], L> = { tenge: l('Tenge', 'Тенге', 'Теңге'), zp: l('ZP', 'ZP', 'ZP'), altyn_saqa: l('Altyn Saqa', 'Altyn Saqa', 'Altyn Saqa') };
const PRIZE = l('prize', 'приз', 'жүлде');

const PAGE = 500;
const ALMATY = new Intl.DateTimeFormat('sv-SE', { timeZone: 'Asia/Almaty', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit' });


export interface OrderExportFilter {
  status?: ShopOrderStatus;
  method?: Order['method'];
  userId?: string;
}

@Injectable()
export class OrdersExport {
  constructor(
    private readonly ds: DataSource,
    private readonly rpc: RpcClient,
  ) {}

  /**
   * The CSV as a stream. The first page is read before the stream is handed out, so a failure to read the database or
   * auth is still an error answer rather than a cut file.
   */
  async csv(filter: OrderExportFilter, locale: Locale): Promise<Readable> {
    const points = await this.pointNames();
    const first = await this.page(filter, null);
    const firstText = await this.render(first, points, locale);
    const header = `\uFEFF${csvLine(Object.values(EXPORT_COLUMNS).map((c) => c[locale]))}`;
    const next = (rows: Order[]) => this.page(filter, rows.length === PAGE ? rows[rows.length - 1]! : null);
    const render = (rows: Order[]) => this.render(rows, points, locale);
    async function* lines(): AsyncGenerator<string> {
      yield header + firstText;
      let rows = first;
      while (rows.length === PAGE) {
        rows = await next(rows);
        if (rows.length) yield await render(rows);
      }
    }
    return Readable.from(lines(), { objectMode: false });
  }

  /** One page after `after` (newest first; ties by id), with the lines. */
  private async page(f: OrderExportFilter, after: Order | null): Promise<Order[]> {
    const q = this.ds.getRepository(Order).createQueryBuilder('o').orderBy('o.created_at', 'DESC').addOrderBy('o.id', 'DESC').take(PAGE);
    if (f.status) q.andWhere('o.status = :status', { status: f.status });
    if (f.method) q.andWhere('o.method = :method', { method: f.method });
    if (f.userId) q.andWhere('o.user_id = :userId', { userId: f.userId });
    // The cursor's instant is read in the database: a JS Date keeps milliseconds, PostgreSQL microseconds, and a
    // rounded cursor would skip the rows that share the last one's instant.
    if (after) q.andWhere('(o.created_at, o.id) < ((SELECT c.created_at FROM orders c WHERE c.id = :after), :after)', { after: after.id });
    const rows = await q.getMany();
    if (!rows.length) return rows;
    const lines = await this.ds.getRepository(OrderLine).find({ where: { orderId: In(rows.map((r) => r.id)) }, order: { nameRu: 'ASC' } });
    for (const r of rows) r.lines = lines.filter((x) => x.orderId === r.id);
    return rows;
  }

  private async pointNames(): Promise<Map<string, L>> {
    const [pickup, parcel] = await Promise.all([this.ds.getRepository(PickupPoint).find(), this.ds.getRepository(DeliveryPoint).find()]);
    return new Map([...pickup, ...parcel].map((p) => [p.id, l(p.nameEn, p.nameRu, p.nameKk)]));
  }

  private async render(rows: Order[], points: Map<string, L>, locale: Locale): Promise<string> {
    if (!rows.length) return '';
    const ids = [...new Set(rows.map((r) => r.userId))];
    const { users } = await this.rpc.request('auth.users.get', { userIds: ids });
    const names = new Map(users.map((u) => [u.userId, `${u.firstName} ${u.lastName}`.trim()]));
    return rows
      .map((o) => {
        const point = o.pickupPointId ?? o.deliveryPointId;
        const address = o.address;
        const destination = point ? points.get(point)?.[locale] : address ? [address.city.name[locale], address.line, address.recipient, address.phone].filter(Boolean).join(', ') : '';
        const items = (o.lines ?? []).map((x) => `${l(x.nameEn, x.nameRu, x.nameKk)[locale]} × ${x.quantity}`).join('; ');
        return csvLine([
          o.id.slice(0, 8).toUpperCase(),
          ALMATY.format(o.createdAt),
          EXPORT_STATUS_LABELS[o.status][locale],
          METHOD_LABELS[o.method][locale],
          names.get(o.userId) ?? '—',
          items,
          o.total,
          o.kind === 'prize' ? `${CURRENCY_LABELS[o.currency][locale]} (${PRIZE[locale]})` : CURRENCY_LABELS[o.currency][locale],
          o.zpApplied || '',
          destination,
          o.paidAt ? ALMATY.format(o.paidAt) : '',
        ]);
      })
      .join('');
  }
}
