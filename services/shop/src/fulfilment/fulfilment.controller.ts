import { randomUUID } from 'node:crypto';
import { Controller, Delete, Get, Post, Put } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { z } from 'zod';
import { shopDeliveryPointQuery, shopDeliveryPointsReply, shopSavedAddressCreate, shopSavedAddressReply, shopSavedAddressUpdate, shopSavedAddressesReply } from '@olymp/proto';
import { ApiShape, type AuthUser, CurrentUser, DomainError, Public, RpcClient, SignedIn, UuidParam, ValidBody, ValidQuery, notFound } from '@olymp/server-kit';
import { DeliveryPoint, SavedAddress } from './fulfilment.entities';

/** How many addresses a pupil may keep. */
export const MAX_SAVED_ADDRESSES = 10;

const addressView = (a: SavedAddress) => ({
  id: a.id, label: a.label, recipient: a.recipient, phone: a.phone, cityId: a.cityId, line: a.line, note: a.note, createdAt: a.createdAt.toISOString(),
});

/**
 * The public list of delivery points (staff manage them with the `delivery-points` CRUD resource) and a pupil's
 * saved delivery addresses (`addresses`, spec section 7: index, store, show, update, destroy of the caller's own;
 * another pupil's is 404). A city must be one of auth's delivery cities (404 DELIVERY_CITY_NOT_FOUND).
 */
@Controller()
export class FulfilmentController {
  constructor(
    private readonly ds: DataSource,
    private readonly rpc: RpcClient,
  ) {}

  @Get('shop/delivery-points')
  @Public()
  @ApiShape({ response: shopDeliveryPointsReply })
  async deliveryPoints(@ValidQuery(shopDeliveryPointQuery) q: z.output<typeof shopDeliveryPointQuery>) {
    const rows = await this.ds.getRepository(DeliveryPoint).find({
      where: { active: true, ...(q.cityId ? { cityId: q.cityId } : {}) }, order: { nameRu: 'ASC', id: 'ASC' },
    });
    return {
      data: rows.map((p) => ({
        id: p.id, name: { kk: p.nameKk, ru: p.nameRu, en: p.nameEn }, address: { kk: p.addressKk, ru: p.addressRu, en: p.addressEn }, hours: p.hours, cityId: p.cityId,
      })),
    };
  }

  private async checkCity(cityId: number | undefined): Promise<void> {
    if (cityId === undefined) return;
    const { cities } = await this.rpc.request('auth.cities.get', { cityIds: [cityId] });
    if (!cities.length) throw new DomainError('DELIVERY_CITY_NOT_FOUND', { cityId });
  }

  private async own(userId: string, id: string): Promise<SavedAddress> {
    const row = await this.ds.getRepository(SavedAddress).findOneBy({ id, userId });
    if (!row) throw notFound();
    return row;
  }

  @Get('addresses')
  @SignedIn()
  @ApiShape({ response: shopSavedAddressesReply })
  async list(@CurrentUser() user: AuthUser) {
    const rows = await this.ds.getRepository(SavedAddress).find({ where: { userId: user.sub }, order: { createdAt: 'DESC', id: 'ASC' } });
    return { data: rows.map(addressView) };
  }

  @Post('addresses')
  @SignedIn()
  @ApiShape({ response: shopSavedAddressReply })
  async store(@CurrentUser() user: AuthUser, @ValidBody(shopSavedAddressCreate) body: z.output<typeof shopSavedAddressCreate>) {
    await this.checkCity(body.cityId);
    return this.ds.transaction(async (m) => {
      // The pupil's rows are counted under a lock on their first one's key space: an advisory lock per pupil.
      await m.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`shop.addresses:${user.sub}`]);
      if ((await m.getRepository(SavedAddress).countBy({ userId: user.sub })) >= MAX_SAVED_ADDRESSES) {
        throw new DomainError('ADDRESS_LIMIT', { max: MAX_SAVED_ADDRESSES });
      }
      const row = await m.getRepository(SavedAddress).save(Object.assign(new SavedAddress(), { id: randomUUID(), userId: user.sub, ...body }));
      return { data: addressView(row) };
    });
  }

  @Get('addresses/:address')
  @SignedIn()
  @ApiShape({ response: shopSavedAddressReply })
  async show(@CurrentUser() user: AuthUser, @UuidParam('address') id: string) {
    return { data: addressView(await this.own(user.sub, id)) };
  }

  @Put('addresses/:address')
  @SignedIn()
  @ApiShape({ response: shopSavedAddressReply })
  async update(@CurrentUser() user: AuthUser, @UuidParam('address') id: string, @ValidBody(shopSavedAddressUpdate) body: z.output<typeof shopSavedAddressUpdate>) {
    const row = await this.own(user.sub, id);
    await this.checkCity(body.cityId);
    return { data: addressView(await this.ds.getRepository(SavedAddress).save(Object.assign(row, body))) };
  }

  @Delete('addresses/:address')
  @SignedIn()
  @ApiShape({ response: shopSavedAddressReply })
  async destroy(@CurrentUser() user: AuthUser, @UuidParam('address') id: string) {
    const row = await this.own(user.sub, id);
    await this.ds.getRepository(SavedAddress).delete({ id, userId: user.sub });
    return { data: addressView(row) };
  }
}
