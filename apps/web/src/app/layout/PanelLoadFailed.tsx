import { say } from '../../lib/say';
import { appTexts } from '../app.messages';

/** A header panel whose code could not be loaded (offline, or a new version of the shop was deployed). */
export function PanelLoadFailed() {
  return (
    <p className="alert alert--danger" role="alert">
      {say(appTexts.panelLoadFailed.text)}
    </p>
  );
}
