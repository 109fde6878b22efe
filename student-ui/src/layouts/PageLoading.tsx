import { Spinner } from '../design';

/** Shown while a page's code or translations load; `label` is omitted before any translation is available. */
export function PageLoading({ label }: { label?: string }) {
  return <Spinner label={label} />;
}
