import { Controller } from '@nestjs/common';
import { DataSource, In } from 'typeorm';
import type { RpcReply, RpcRequest } from '@olymp/proto';
import { RpcHandler, RpcPayloadOf } from '@olymp/server-kit';
import { Province } from './directory.entities';

/** Provinces as other services name them: the shop's pickup points carry one (by id; its demo seed finds them by code). */
@Controller()
export class ProvincesRpcController {
  constructor(private readonly ds: DataSource) {}

  @RpcHandler('auth.provinces.get')
  async get(@RpcPayloadOf('auth.provinces.get') req: RpcRequest<'auth.provinces.get'>): Promise<RpcReply<'auth.provinces.get'>> {
    const ids = [...new Set(req.ids ?? [])];
    const codes = [...new Set(req.codes ?? [])];
    if (!ids.length && !codes.length) return { provinces: [] };
    const rows = await this.ds.getRepository(Province).find({
      where: [...(ids.length ? [{ id: In(ids) }] : []), ...(codes.length ? [{ code: In(codes) }] : [])],
      order: { id: 'ASC' },
    });
    return { provinces: rows.map((p) => ({ id: p.id, code: p.code, name: { kk: p.nameKk, ru: p.nameRu, en: p.nameEn } })) };
  }
}
