/**
 * Whether a statement was refused by the unique index or constraint `name` (SQLSTATE 23505), as TypeORM's
 * QueryFailedError carries it: the hot paths that let an index decide a race instead of a lock read it.
 */
export function isUniqueViolation(err: unknown, name: string): boolean {
  const cause = (err as { driverError?: { code?: string; constraint?: string } } | null)?.driverError;
  return cause?.code === '23505' && cause.constraint === name;
}
