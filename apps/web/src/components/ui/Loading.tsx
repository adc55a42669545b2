/**
 * A spinner with a spoken "Loading…" while something a page needs is on its way (styles in
 * the frame's layout.css, which every page has).
 */
export function Loading({ label = 'Loading…' }: { label?: string }) {
  return (
    <div className="page-loading" role="status">
      <span className="page-loading__spinner" aria-hidden="true" />
      <span className="visually-hidden">{label}</span>
    </div>
  );
}
