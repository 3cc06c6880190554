/** The zrok rocket, drawn inline so it needs no request and follows the colour mode. */
export function Logo({ alt }: { alt: string }) {
  return (
    <svg className="navbar__logo" viewBox="0 0 32 32" width="32" height="32" role="img" aria-label={alt}>
      <path fill="#9bf316" d="M16 2c4.5 3.2 7 8.2 7 13.6 0 1.6-.2 3.1-.6 4.6l3.6 4.3-1 4.5-4.6-2.7h-8.8L7 29l-1-4.5 3.6-4.3A17 17 0 0 1 9 15.6C9 10.2 11.5 5.2 16 2Z" />
      <circle cx="16" cy="13" r="3" fill="#0d0235" />
      <path fill="#6747d9" d="M13.5 27h5L16 31z" />
    </svg>
  );
}
