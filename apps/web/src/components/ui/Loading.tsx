import { say } from '../../lib/say';
import { uiTexts } from './ui.messages';

/**
 * A spinner with a spoken "Loading…" while something a page needs is on its way (styles in
 * global.css, which the shop and the back office both load).
 */
export function Loading({ label = say(uiTexts.loading.label) }: { label?: string }) {
  return (
    <div className="page-loading" role="status">
      <span className="page-loading__spinner" aria-hidden="true" />
      <span className="visually-hidden">{label}</span>
    </div>
  );
}
