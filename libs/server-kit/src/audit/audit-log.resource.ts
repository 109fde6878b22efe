import type { DynamicModule } from '@nestjs/common';
import { CrudResource } from '../crud/crud.module';
import type { CrudAccessRule } from '../crud/crud.options';
import { AuditEntry } from './audit.entity';

/**
 * The read side of a service's audit log as a standard resource (index and show only), newest first, in the CRUD
 * kit's query language: e.g. `filter=actorId||$eq||<uuid>`, `filter=resource||$eq||roles`,
 * `filter=action||$in||create,delete`, `filter=at||$between||2025-01-01,2025-02-01`. The log itself is not audited.
 */
export function auditLogResource(options: { path?: string; access: CrudAccessRule }): DynamicModule {
  return CrudResource.register({
    path: options.path ?? 'logs',
    entity: AuditEntry,
    actions: ['index', 'show'],
    access: { read: options.access },
    audit: false,
    filterable: ['id', 'actorId', 'actorRoleId', 'action', 'resource', 'resourceId', 'requestId', 'at'],
    defaultSort: [
      { field: 'at', order: 'DESC' },
      { field: 'id', order: 'DESC' },
    ],
    maxLimit: 200,
    label: ['resource', 'action'],
    // Ids and request ids are for the detail view and the CSV; the list shows who did what to which resource when.
    fields: { actorRoleId: { hiddenInList: true }, resourceId: { hiddenInList: true }, requestId: { hiddenInList: true } },
    description: 'Audit log of staff changes: who, what, when, the row before and after (secrets masked).',
  });
}
