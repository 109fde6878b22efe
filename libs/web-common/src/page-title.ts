import { useEffect } from 'react';
import { useSearchParams } from 'react-router';

export interface PageTitle {
  /** Spec 2: "route title - product name", or the product name alone; a `title` query parameter overrides the route title. */
  formatPageTitle(routeTitle?: string | null): string;
  /** Sets document.title by that rule for the page that calls it. */
  usePageTitle(routeTitle?: string): void;
}

/** The title rule for a UI showing `productName`. */
export function createPageTitle(productName: string): PageTitle {
  function formatPageTitle(routeTitle?: string | null): string {
    const title = routeTitle?.trim();
    return title ? `${title} - ${productName}` : productName;
  }

  function usePageTitle(routeTitle?: string): void {
    const [searchParams] = useSearchParams();
    const override = searchParams.get('title');
    useEffect(() => {
      document.title = formatPageTitle(override ?? routeTitle);
    }, [override, routeTitle]);
  }

  return { formatPageTitle, usePageTitle };
}
