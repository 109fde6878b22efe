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

/** Sidebar icon for Home, drawn like antd's outlined icons (no extra icon package needed). */
export function HomeIcon() {
  return (
    <span role="img" aria-hidden="true" className="anticon">
      <svg viewBox="0 0 24 24" width="1em" height="1em" fill="none" stroke="currentColor" strokeWidth="2" strokeLinejoin="round">
        <path d="M3 10.5 12 3l9 7.5V20a1 1 0 0 1-1 1h-5v-6H9v6H4a1 1 0 0 1-1-1z" />
      </svg>
    </span>
  );
}
