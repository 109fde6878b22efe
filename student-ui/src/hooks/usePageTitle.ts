import { createPageTitle } from '@olymp/web-common';

export const PRODUCT_NAME = 'Altyn Saqa';

/** Spec 2: "route title - product name", or the product name alone; a `title` query parameter overrides the route title. */
export const { formatPageTitle, usePageTitle } = createPageTitle(PRODUCT_NAME);
