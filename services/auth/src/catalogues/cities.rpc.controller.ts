import { Controller } from '@nestjs/common';
import { DataSource, In } from 'typeorm';
import type { RpcReply, RpcRequest } from '@olymp/proto';
import { RpcHandler, RpcPayloadOf } from '@olymp/server-kit';
import { City } from './catalogue.entities';

/** Delivery cities as other services name them (the shop's delivery addresses). */
@Controller()
export class CitiesRpcController {
  constructor(private readonly ds: DataSource) {}

  @RpcHandler('auth.cities.get')
  async get(@RpcPayloadOf('auth.cities.get') req: RpcRequest<'auth.cities.get'>): Promise<RpcReply<'auth.cities.get'>> {
    const rows = await this.ds.getRepository(City).find({ where: { id: In([...new Set(req.cityIds)]) }, order: { id: 'ASC' } });
    return { cities: rows.map((c) => ({ id: c.id, name: { kk: c.nameKk, ru: c.nameRu, en: c.nameEn } })) };
  }
}
