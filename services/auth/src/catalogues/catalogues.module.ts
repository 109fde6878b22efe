import { Module } from '@nestjs/common';
import { type CrudAccess, CrudResource } from '@olymp/server-kit';
import { Center, City, Direction, Grade, Subject } from './catalogue.entities';
import {
  createCenter, createCity, createDirection, createGrade, createSubject,
  updateCenter, updateCity, updateDirection, updateGrade, updateSubject,
} from './catalogue.dto';
import { CatalogueSeeder } from './catalogue.seeder';
import { CitiesRpcController } from './cities.rpc.controller';

/**
 * Catalogues as standard resources (spec section 7): anyone reads them (forms and the shop do, some before
 * sign-in); staff with the management permissions change them, and every change is audited. `code` is a seed key,
 * not a secret, so the audit log keeps it readable.
 */
const access: CrudAccess = { read: 'public', store: 'management:create', update: 'management:update', destroy: 'management:delete' };
const searchable = ['nameKk', 'nameRu', 'nameEn'] as const;
const audit = { reveal: ['code'] as const };
/** Screens show a catalogue row by its name in the reader's language; the seed code stays in the detail view. */
const display = { label: ['name'], fields: { code: { hiddenInList: true } } } as const;
const newest = [{ field: 'createdAt', order: 'DESC' }] as const;

@Module({
  imports: [
    CrudResource.register({
      path: 'grades', entity: Grade, create: createGrade, update: updateGrade, access, searchable, label: ['name'],
      defaultSort: [{ field: 'number', order: 'ASC' }],
    }),
    CrudResource.register({ path: 'directions', entity: Direction, create: createDirection, update: updateDirection, access, searchable, audit, ...display, defaultSort: newest }),
    CrudResource.register({ path: 'subjects', entity: Subject, create: createSubject, update: updateSubject, access, searchable, audit, ...display, defaultSort: newest }),
    CrudResource.register({ path: 'cities', entity: City, create: createCity, update: updateCity, access, searchable, audit, ...display, defaultSort: newest }),
    CrudResource.register({
      path: 'centers', entity: Center, create: createCenter, update: updateCenter, access,
      searchable: [...searchable, 'address'], relations: { city: {} }, audit, ...display, defaultSort: newest,
    }),
  ],
  controllers: [CitiesRpcController],
  providers: [CatalogueSeeder],
})
export class CataloguesModule {}
