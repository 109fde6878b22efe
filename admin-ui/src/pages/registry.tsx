/**
 * Hand-written pages, only where a generated screen cannot serve (issue 7): by resource and action, plus routes that
 * are not a resource action (a checkpoint under its challenge). Everything else is generated from the metadata.
 */
import { lazy, type ComponentType } from 'react';

export interface PageProps {
  resource: string;
  id: string;
  params: Record<string, string | undefined>;
}

type Pages = Partial<Record<'list' | 'create' | 'edit' | 'show', ComponentType<PageProps>>>;

export const CUSTOM_PAGES: Record<string, Pages> = {};

export const EXTRA_ROUTES: { path: string; resource: string; action: string; component: ComponentType<PageProps> }[] = [];

void lazy;
