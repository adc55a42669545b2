import { Button } from '../components/ui/Button';
import { staffTexts } from './texts';
import { say } from '../lib/say';

/** What could not be loaded, with the shop's own reason, and a way to try again. */
export function LoadFailed({ error, onRetry, standalone = false }: { error: unknown; onRetry: () => void; standalone?: boolean }) {
  const reason = error instanceof Error && error.message ? error.message : null;
  const body = (
    <div className="alert alert--danger staff-load-failed" role="alert">
      <p>
        <strong>{say(staffTexts.loadFailed)}</strong>
        {reason && ` ${reason}`}
      </p>
      <Button variant="secondary" size="sm" onClick={onRetry}>
        {say(staffTexts.retry)}
      </Button>
    </div>
  );
  return standalone ? <main className="staff-standalone">{body}</main> : body;
}
