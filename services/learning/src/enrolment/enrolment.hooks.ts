import { Injectable } from '@nestjs/common';
import { type CrudHooks, DomainError } from '@olymp/server-kit';
import type { CourseTariff } from '../floor/enrolment.entities';

/** What the body schema cannot see on an edit: the tariff keeps a price in tenge or ZP (the table refuses none). */
@Injectable()
export class TariffHooks implements CrudHooks<CourseTariff> {
  beforeUpdate(row: CourseTariff, input: Partial<CourseTariff>) {
    const tenge = input.priceTenge ?? row.priceTenge;
    const zp = input.priceZp ?? row.priceZp;
    if (tenge <= 0 && zp <= 0) throw new DomainError('TARIFF_PRICE_NEEDED');
  }
}
