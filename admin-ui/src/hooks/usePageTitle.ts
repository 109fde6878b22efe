import { useEffect } from 'react';
import { useSearchParams } from 'react-router';

export const PRODUCT_NAME = 'Altyn Saqa';

/** Spec 2: "route title - product name", or the product name alone; a `title` query parameter overrides the route title. */
export function formatPageTitle(routeTitle?: string | null): string {
  const title = routeTitle?.trim();
  return title ? `${title} - ${PRODUCT_NAME}` : PRODUCT_NAME;
}

export function usePageTitle(routeTitle?: string): void {
  const [searchParams] = useSearchParams();
  const override = searchParams.get('title');
  useEffect(() => {
    document.title = formatPageTitle(override ?? routeTitle);
  }, [override, routeTitle]);
}
