/** The product mark (a gold medal) used next to the product name in the sidebar. */
export function Logo() {
  return (
    <svg viewBox="0 0 32 32" width="24" height="24" aria-hidden="true" focusable="false">
      <circle cx="16" cy="16" r="15" fill="#17307a" />
      <circle cx="16" cy="16" r="9" fill="#f2b632" />
      <path d="M16 10.5l1.7 3.5 3.8.5-2.8 2.6.7 3.8-3.4-1.9-3.4 1.9.7-3.8-2.8-2.6 3.8-.5z" fill="#17307a" />
    </svg>
  );
}
