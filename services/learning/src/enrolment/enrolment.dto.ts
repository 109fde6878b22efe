import { z } from 'zod';
import { fieldMessage, numeral } from '@olymp/server-kit';
import { storeTab } from '@olymp/proto';
import { localizedFields, longText, title, uuid } from '../floor/localized';

const price = z.number().int().min(0).max(100_000_000);
const tariffFields = {
  ...localizedFields('title', title),
  ...localizedFields('includes', longText),
  priceTenge: price.default(0),
  priceZp: price.default(0),
  periodMonths: z.number().int().min(1).max(24).default(1),
  published: z.boolean().default(false),
  position: z.number().int().min(0).max(1_000_000).default(0),
};
/** A tariff stays in its course; the price check (tenge or ZP above zero) is the table's constraint too. */
const PRICE_NEEDED = fieldMessage({
  en: 'set a price in tenge or in ZP (at least one above 0)',
  ru: 'укажите цену в тенге или в ZP (хотя бы одна больше 0)',
  kk: 'бағаны теңгемен немесе ZP-мен көрсетіңіз (ең болмаса біреуі 0-ден артық)',
});
export const createTariff = z.strictObject({ courseId: uuid, ...tariffFields }).superRefine((t, ctx) => {
  if (t.priceTenge <= 0 && t.priceZp <= 0) ctx.addIssue({ code: 'custom', path: ['priceTenge'], message: PRICE_NEEDED() });
});
export const updateTariff = z.strictObject(tariffFields).partial();

export const storeQuery = z.strictObject({ tab: storeTab.default('live') });
export const invoiceBody = z.strictObject({ tariffId: uuid });
export const renewBody = z.strictObject({ renew: z.boolean() });
export const emptyBody = z.strictObject({});

/** `GET courses/{course}/students`: a page of the course's pupils, optionally those whose name holds `search`. */
export const courseStudentsQuery = z.strictObject({
  page: numeral(z.number().int().min(1).max(100_000).default(1)),
  perPage: numeral(z.number().int().min(1).max(200).default(20)),
  search: z.string().trim().max(100).optional(),
});
