/** The red no-entry sign of the 403 screen. */
export function NoEntryIcon() {
  return (
    <svg className="no-entry-icon" viewBox="0 0 48 48" width="48" height="48" role="img" aria-label="403">
      <circle cx="24" cy="24" r="22" fill="#d93025" />
      <rect x="11" y="20" width="26" height="8" rx="2" fill="#fff" />
    </svg>
  );
}
