import { Skeleton } from '../design';

/**
 * Shown while a page's code, translations or data load: the outline of a page (a title and two blocks), never a
 * blank screen. `label` is omitted before any translation is available.
 */
export function PageLoading({ label }: { label?: string }) {
  return (
    <div className="page-skeleton stack" role="status" aria-busy="true" data-testid="page-skeleton">
      {label ? <span className="visually-hidden">{label}</span> : null}
      <Skeleton height={36} width="60%" />
      <Skeleton height={120} />
      <Skeleton height={120} />
    </div>
  );
}
