import { Inject, Injectable } from '@nestjs/common';

/**
 * Where a role's permissions come from. Every service asks the auth service over RPC; the auth service itself
 * binds a source that reads its own tables.
 */
export const PERMISSION_SOURCE = Symbol('PERMISSION_SOURCE');
export interface PermissionSource {
  permissionsOf(roleId: number): Promise<string[]>;
}

/** Caches a role's permissions for a short time, so a request costs no hop; changes apply within the TTL. */
@Injectable()
export class PermissionCache {
  private readonly ttlMs = 30_000;
  private readonly entries = new Map<number, { at: number; value: Promise<ReadonlySet<string>> }>();

  constructor(@Inject(PERMISSION_SOURCE) private readonly source: PermissionSource) {}

  forRole(roleId: number): Promise<ReadonlySet<string>> {
    const hit = this.entries.get(roleId);
    if (hit && Date.now() - hit.at < this.ttlMs) return hit.value;
    const value = this.source.permissionsOf(roleId).then((list) => new Set(list) as ReadonlySet<string>);
    this.entries.set(roleId, { at: Date.now(), value });
    value.catch(() => this.entries.delete(roleId));
    return value;
  }

  invalidate(roleId?: number): void {
    if (roleId === undefined) this.entries.clear();
    else this.entries.delete(roleId);
  }
}
