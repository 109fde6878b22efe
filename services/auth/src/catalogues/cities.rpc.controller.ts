import { Controller } from '@nestjs/common';
import { DataSource, In } from 'typeorm';
import type { RpcReply, RpcRequest } from '@olymp/proto';
import { RpcHandler, RpcPayloadOf } from '@olymp/server-kit';
import { Center, City } from './catalogue.entities';

/** Delivery cities and centres as other services name them (the shop's delivery addresses, learning's event places). */
@Controller()
export class CitiesRpcController {
  constructor(private readonly ds: DataSource) {}

  @RpcHandler('auth.cities.get')
  async get(@RpcPayloadOf('auth.cities.get') req: RpcRequest<'auth.cities.get'>): Promise<RpcReply<'auth.cities.get'>> {
    const rows = await this.ds.getRepository(City).find({ where: { id: In([...new Set(req.cityIds)]) }, order: { id: 'ASC' } });
    return { cities: rows.map((c) => ({ id: c.id, name: { kk: c.nameKk, ru: c.nameRu, en: c.nameEn } })) };
  }

  @RpcHandler('auth.centers.get')
  async centers(@RpcPayloadOf('auth.centers.get') req: RpcRequest<'auth.centers.get'>): Promise<RpcReply<'auth.centers.get'>> {
    const rows = await this.ds.getRepository(Center).find({ where: { id: In([...new Set(req.centerIds)]) }, order: { id: 'ASC' } });
    return { centers: rows.map((c) => ({ id: c.id, name: { kk: c.nameKk, ru: c.nameRu, en: c.nameEn }, address: c.address })) };
  }
}
