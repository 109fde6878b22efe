import { useLayoutEffect } from 'react';
import { useLocation } from 'react-router';

/** Spec 2: every navigation starts at the top of the page; a #hash link scrolls to its anchor instead. */
export function ScrollToTop(): null {
  const { pathname, search, hash } = useLocation();
  useLayoutEffect(() => {
    const anchor = hash ? document.getElementById(decodeURIComponent(hash.slice(1))) : null;
    if (anchor) anchor.scrollIntoView();
    else window.scrollTo(0, 0);
  }, [pathname, search, hash]);
  return null;
}
