import { PRODUCT_NAME } from '../hooks/usePageTitle';

export function Logo() {
  return (
    <span className="logo">
      <svg className="logo__mark" viewBox="0 0 32 32" aria-hidden="true" focusable="false">
        <circle cx="16" cy="16" r="15" fill="currentColor" />
        <circle cx="16" cy="16" r="9" fill="var(--gold)" />
        <path d="M16 10.5l1.7 3.5 3.8.5-2.8 2.6.7 3.8-3.4-1.9-3.4 1.9.7-3.8-2.8-2.6 3.8-.5z" fill="currentColor" />
      </svg>
      <span className="logo__text">{PRODUCT_NAME}</span>
    </span>
  );
}
