import { Module } from '@nestjs/common';
import { type CrudAccess, CrudResource } from '@olymp/server-kit';
import { District, Province, School } from './directory.entities';
import { createDistrict, createProvince, createSchool, updateDistrict, updateProvince, updateSchool } from './directory.dto';
import { DirectorySeeder } from './directory.seeder';
import { ProvincesRpcController } from './provinces.rpc.controller';

/**
 * The geography directory as standard resources (spec section 7): anyone may read it (the registration form
 * does, before sign-in); staff with the management permissions change it. Pickers filter districts by
 * `provinceId` and schools by `districtId` (or `district.provinceId`).
 */
const access: CrudAccess = { read: 'public', store: 'management:create', update: 'management:update', destroy: 'management:delete' };
const names = ['nameKk', 'nameRu', 'nameEn'] as const;
const newest = [{ field: 'createdAt', order: 'DESC' }] as const;
const PROVINCE_KINDS = {
  region: { kk: 'Облыс', ru: 'Область', en: 'Region' },
  city: { kk: 'Республикалық маңызы бар қала', ru: 'Город республиканского значения', en: 'City of republican significance' },
};

@Module({
  imports: [
    CrudResource.register({
      path: 'provinces', entity: Province, create: createProvince, update: updateProvince, access, searchable: names, audit: { reveal: ['code'] },
      label: ['name'], fields: { code: { hiddenInList: true }, kind: { enumLabels: PROVINCE_KINDS } }, defaultSort: newest,
    }),
    CrudResource.register({
      path: 'districts', entity: District, create: createDistrict, update: updateDistrict, access, searchable: names, relations: { province: {} },
      audit: { reveal: ['code'] }, label: ['name'], fields: { code: { hiddenInList: true } }, defaultSort: newest,
    }),
    CrudResource.register({
      path: 'schools', entity: School, create: createSchool, update: updateSchool, access, searchable: names, relations: { district: {} },
      audit: { reveal: ['code'] }, label: ['name'], fields: { code: { hiddenInList: true } }, defaultSort: newest,
    }),
  ],
  controllers: [ProvincesRpcController],
  providers: [DirectorySeeder],
})
export class DirectoryModule {}
