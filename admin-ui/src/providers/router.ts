/**
 * Refine's react-router bindings with one change: which resource and action the current address names is worked out
 * once per address, not once per component. Refine's `parse` hook runs `matchResourceFromRoute` (every action route
 * of every resource, ~300 here, checked segment by segment) inside each component's own `useMemo`; a list page calls
 * it from every row's show/edit/delete button, which a CPU profile of the quizzes list put at ~10% of the page's
 * main-thread time. The match depends only on the address and the resource list, so it is kept per resource list (a
 * language switch builds a new one) for the last few addresses. Everything else is refine's own `parse`.
 */
import { QS_PARSE_DEPTH, ResourceContext, matchResourceFromRoute } from '@refinedev/core';
import routerBindings from '@refinedev/react-router';
import qs from 'qs';
import { useCallback, useContext, useMemo } from 'react';
import { matchPath, useLocation, useParams } from 'react-router';

type Resources = Parameters<typeof matchResourceFromRoute>[1];
type Match = ReturnType<typeof matchResourceFromRoute>;

/** Addresses remembered per resource list: the current page's, and a few a back button returns to. */
const KEPT_ADDRESSES = 16;
const matches = new WeakMap<Resources, Map<string, Match>>();

export function matchRoute(pathname: string, resources: Resources): Match {
  let byPath = matches.get(resources);
  if (!byPath) matches.set(resources, (byPath = new Map()));
  let match = byPath.get(pathname);
  if (!match) {
    match = matchResourceFromRoute(pathname, resources);
    if (byPath.size >= KEPT_ADDRESSES) byPath.delete(byPath.keys().next().value!);
    byPath.set(pathname, match);
  }
  return match;
}

/** `"10"` -> 10, anything else as it came (refine's own rule for currentPage and pageSize). */
const numberIfPossible = (value: unknown) => {
  if (typeof value !== 'string') return value;
  const number = Number(value);
  return `${number}` === value ? number : value;
};

function useParse() {
  let params: Record<string, string | undefined> = useParams();
  const { pathname, search } = useLocation();
  const { resources } = useContext(ResourceContext);
  const { resource, action, matchedRoute } = useMemo(() => matchRoute(pathname, resources), [resources, pathname]);
  if (Object.keys(params).length === 0 && matchedRoute) params = matchPath(matchedRoute, pathname)?.params ?? {};
  return useCallback(() => {
    const combined: Record<string, unknown> = { ...params, ...qs.parse(search, { ignoreQueryPrefix: true, depth: QS_PARSE_DEPTH }) };
    return {
      ...(resource && { resource }),
      ...(action && { action }),
      ...(params.id && { id: decodeURIComponent(params.id) }),
      pathname,
      params: {
        ...combined,
        currentPage: numberIfPossible(combined.currentPage),
        pageSize: numberIfPossible(combined.pageSize),
        to: typeof combined.to === 'string' ? decodeURIComponent(combined.to) : undefined,
      },
    };
  }, [pathname, search, params, resource, action]);
}

export const routerProvider: typeof routerBindings = { ...routerBindings, parse: useParse as typeof routerBindings.parse };
