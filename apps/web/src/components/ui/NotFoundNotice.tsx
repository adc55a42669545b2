import { ButtonLink } from './ButtonLink';
import { say } from '../../lib/say';
import { uiTexts } from './ui.messages';

/** A customer's order or refund that is not theirs or not there, with the way back to their orders. */
export function NotFoundNotice({ id, message }: { id: string; message: string }) {
  return (
    <div className="form-stack">
      <p id={id}>{message}</p>
      <div className="button-row">
        <ButtonLink to="/portal" variant="primary">
          {say(uiTexts.notFoundNotice.toOrders)}
        </ButtonLink>
      </div>
    </div>
  );
}
