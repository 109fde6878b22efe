import { z } from 'zod';
import { LOCALES } from './locale';
import { PERMISSIONS } from './permissions';
import type { ErrorCode } from './errors';

/**
 * Request/reply between services over NATS. Each pattern has a request and a reply schema; errors come back as
 * `RpcErrorReply` with a domain code. Patterns are named `service.entity.verb` like events.
 */
const uuid = z.uuid();
const instant = z.iso.datetime({ offset: true });
const nonNegInt = z.number().int().nonnegative();
const localized = z.object({ kk: z.string(), ru: z.string(), en: z.string() });
const place = z.object({ id: z.number().int().positive(), name: localized }).nullable();
/** A leaderboard: a challenge's or a training's. */
export const boardRef = z.object({ kind: z.enum(['challenge', 'training']), id: uuid });
/** What an invoice is for: a challenge, a training, a course, or a shop order (the order's id). */
export const PRODUCT_KINDS = ['challenge', 'training', 'course', 'order'] as const;
export const productRef = z.object({ kind: z.enum(PRODUCT_KINDS), id: uuid });
export const invoiceStatus = z.enum(['pending', 'paid', 'cancelled']);

export const RPC = {
  'auth.role.permissions': {
    request: z.object({ roleId: z.number().int().positive() }),
    reply: z.object({ roleId: z.number().int(), permissions: z.array(z.enum(PERMISSIONS)) }),
  },
  /** People as other services show them: names, grade and where they study (names of places in kk/ru/en). */
  'auth.users.get': {
    request: z.object({ userIds: z.array(uuid).min(1).max(1000) }),
    reply: z.object({
      users: z.array(
        z.object({
          userId: uuid,
          roleId: z.number().int(),
          firstName: z.string(),
          lastName: z.string(),
          grade: z.number().int().nullable(),
          /** The language the person uses the platform in (their profile), null when not known. */
          locale: z.enum(LOCALES).nullable(),
          province: place,
          district: place,
          school: place,
        }),
      ),
    }),
  },
  /**
   * Teachers as pupils see them on a course page: names, the current photo's URL (public, like any avatar) and the
   * subject of their teacher record (null when they have none). Never phones. Unknown ids are left out.
   */
  'auth.teachers.cards': {
    request: z.object({ userIds: z.array(uuid).min(1).max(200) }),
    reply: z.object({
      teachers: z.array(z.object({ userId: uuid, firstName: z.string(), lastName: z.string(), photoUrl: z.string().nullable(), subject: localized.nullable() })),
    }),
  },
  /**
   * How to reach people by SMS (notifications' notices, e.g. an order ready for pickup): their phone. Never exposed
   * over HTTP. Unknown ids are left out.
   */
  'auth.users.contacts': {
    request: z.object({ userIds: z.array(uuid).min(1).max(1000) }),
    reply: z.object({ contacts: z.array(z.object({ userId: uuid, phone: z.string() })) }),
  },
  /**
   * Pupils (role student) by id order, optionally of one grade, one page at a time (`after` = the last id of the
   * previous page): learning's event reminders reach an audience of "all pupils" or "one grade" this way.
   */
  'auth.pupils.list': {
    request: z.object({ grade: z.number().int().min(0).max(12).nullable(), after: uuid.nullable(), limit: z.number().int().min(1).max(1000) }),
    reply: z.object({ userIds: z.array(uuid) }),
  },
  /** Centres of auth's directory (`centers`) by id: name in kk/ru/en and address (an event's place). Unknown ids are left out. */
  'auth.centers.get': {
    request: z.object({ centerIds: z.array(z.number().int().positive()).min(1).max(100) }),
    reply: z.object({ centers: z.array(z.object({ id: z.number().int().positive(), name: localized, address: z.string() })) }),
  },
  /**
   * Provinces of auth's directory (17 regions, 3 cities) by id or by stable code (`kz-regions.json`), named in kk/ru/en:
   * the shop's pickup points carry one (the demo seed finds its regions by code; staff's form checks the id). Unknown
   * ones are left out.
   */
  'auth.provinces.get': {
    request: z.object({
      ids: z.array(z.number().int().positive()).max(100).optional(),
      codes: z.array(z.string().min(1).max(50)).max(100).optional(),
    }),
    reply: z.object({ provinces: z.array(z.object({ id: z.number().int().positive(), code: z.string(), name: localized })) }),
  },
  /** Delivery cities of auth's catalogue (`cities`) by id, named in kk/ru/en. Unknown ids are left out. */
  'auth.cities.get': {
    request: z.object({ cityIds: z.array(z.number().int().positive()).min(1).max(100) }),
    reply: z.object({ cities: z.array(z.object({ id: z.number().int().positive(), name: localized })) }),
  },
  /**
   * Opens (or returns the open) invoice of a pupil for a product. Idempotent: while a pending or paid invoice for
   * (user, product) exists, that one is answered and nothing new is created.
   */
  'finance.invoice.open': {
    request: z.object({
      userId: uuid,
      product: productRef,
      title: localized,
      amountTenge: nonNegInt,
      amountZp: nonNegInt,
      /** A price in Altyn Saqa (shop orders paid in it). */
      amountAltynSaqa: nonNegInt.optional(),
      /**
       * The id a new invoice takes (the shop derives it from the order's id, so an order knows its invoice before
       * asking and a retry after a crash finds the same one). Ignored when a live invoice exists.
       */
      invoiceId: uuid.optional(),
    }),
    reply: z.object({
      invoiceId: uuid,
      userId: uuid,
      product: productRef,
      amountTenge: nonNegInt,
      amountZp: nonNegInt,
      amountAltynSaqa: nonNegInt,
      status: invoiceStatus,
      createdAt: instant,
      paidAt: instant.nullable(),
    }),
  },
  /** An invoice's payment state: what is still due in tenge after ZP were put towards it, and finance's ZP rate. */
  'finance.invoice.get': {
    request: z.object({ invoiceId: uuid }),
    reply: z.object({
      invoiceId: uuid,
      userId: uuid,
      status: invoiceStatus,
      amountTenge: nonNegInt,
      amountZp: nonNegInt,
      amountAltynSaqa: nonNegInt,
      zpApplied: nonNegInt,
      tengeDue: nonNegInt,
      /** Tenge one ZP covers (`FINANCE_ZP_PRICE_TENGE`). */
      zpRateTenge: z.number().int().positive(),
    }),
  },
  /**
   * Pays part (or all) of a pending invoice's tenge price with the pupil's ZP, on the pupil's behalf (the shop's
   * `orders/{id}/use-zp`): `amountZp × zpRateTenge` tenge less is due. Covering all of it pays the invoice
   * (`invoice.paid`, method wallet). The ZP go back if the invoice is cancelled. Refused: INSUFFICIENT_ZP,
   * ZP_COVER_TOO_LARGE, INVOICE_NOT_PAYABLE_BY_PROVIDER (no tenge price), INVOICE_PAYMENT_IN_PROGRESS, NOT_FOUND.
   */
  'finance.invoice.use-zp': {
    request: z.object({ invoiceId: uuid, userId: uuid, amountZp: z.number().int().positive() }),
    reply: z.object({ invoiceId: uuid, status: invoiceStatus, zpApplied: nonNegInt, tengeDue: nonNegInt, zpRateTenge: z.number().int().positive() }),
  },
  /**
   * Refunds a paid invoice, on behalf of a staff member or its owner (audited as theirs): the ZP or Altyn Saqa the
   * wallet paid go back as ledger postings, tenge through the payment provider's refund. Idempotent: an invoice already
   * refunded answers that refund. Refused: not paid (INVOICE_NOT_PAID), the provider refusing (INVOICE_NOT_REFUNDABLE),
   * unknown (NOT_FOUND).
   */
  'finance.invoice.refund': {
    request: z.object({ invoiceId: uuid, actor: z.object({ userId: uuid, roleId: z.number().int().positive() }) }),
    reply: z.object({ invoiceId: uuid, refundedZp: nonNegInt, refundedAltynSaqa: nonNegInt, refundedTenge: nonNegInt, refundedAt: instant }),
  },
  /** Cancels every pending invoice of a product (training `delete-unpaid-invoices`). */
  'finance.invoice.cancel-unpaid': {
    request: z.object({ product: productRef }),
    reply: z.object({ cancelled: nonNegInt }),
  },
  /** Balances of several users (leaderboards show total XP). Users without postings answer zeros. */
  'finance.balances.get': {
    request: z.object({ userIds: z.array(uuid).min(1).max(1000) }),
    reply: z.object({
      balances: z.array(z.object({ userId: uuid, xp: nonNegInt, zp: nonNegInt, altynSaqa: nonNegInt })),
    }),
  },
  /**
   * A board's standings in pages, ordered by user id (not by rank), for a node that rebuilds a board in memory.
   * Each entry is what `quiz.finished`'s `standing` carries, with the same version.
   */
  'learning.board.standings': {
    request: z.object({ board: boardRef, afterUserId: uuid.optional(), limit: z.number().int().min(1).max(5000) }),
    reply: z.object({
      entries: z.array(
        z.object({
          userId: uuid,
          points: nonNegInt,
          timeSpentMs: nonNegInt,
          correctCount: nonNegInt,
          finishedQuizzes: nonNegInt,
          version: z.number().int().positive(),
        }),
      ),
      next: uuid.nullable(),
    }),
  },
  /** Who the participants of a board are, as a board shows them (never phones). Unknown ids are left out. */
  'learning.board.people': {
    request: z.object({ board: boardRef, userIds: z.array(uuid).min(1).max(500) }),
    reply: z.object({
      maxPoints: nonNegInt,
      people: z.array(
        z.object({
          userId: uuid,
          firstName: z.string(),
          lastName: z.string(),
          province: place,
          district: place,
          school: place,
        }),
      ),
    }),
  },
  /**
   * What became of SMS, by the id `sms.requested` gave them (auth's OTP log asks for the page it shows): the latest
   * attempt's outcome as notifications recorded it. Ids with no attempt yet, or unknown, are left out.
   */
  'notifications.sms.deliveries': {
    request: z.object({ smsIds: z.array(uuid).min(1).max(100) }),
    reply: z.object({
      deliveries: z.array(
        z.object({
          smsId: uuid,
          status: z.enum(['sent', 'delivered', 'failed']),
          provider: z.string().min(1).max(40),
          attempts: z.number().int().positive(),
          error: z.string().max(500).nullable(),
          reportedAt: instant,
        }),
      ),
    }),
  },
  /** Which boards exist and are live now (a starting notifications node rebuilds these). */
  'learning.boards.live': {
    request: z.object({}),
    reply: z.object({ boards: z.array(boardRef.extend({ participants: nonNegInt })) }),
  },
} as const;

export type RpcPattern = keyof typeof RPC;
export type RpcRequest<P extends RpcPattern> = z.infer<(typeof RPC)[P]['request']>;
export type RpcReply<P extends RpcPattern> = z.infer<(typeof RPC)[P]['reply']>;
export type BoardRef = z.infer<typeof boardRef>;
export type ProductRef = z.infer<typeof productRef>;

/** What a failed RPC answers; the caller rethrows it as the same domain error. */
export interface RpcErrorReply {
  error: { code: ErrorCode; params?: Record<string, unknown> };
}
