/** A header panel whose code could not be loaded (offline, or a new version of the shop was deployed). */
export function PanelLoadFailed() {
  return (
    <p className="alert alert--danger" role="alert">
      This panel could not be loaded. Please check your connection and reload the page.
    </p>
  );
}
