import { ButtonLink } from './ButtonLink';

/** A customer's order or refund that is not theirs or not there, with the way back to their orders. */
export function NotFoundNotice({ id, message }: { id: string; message: string }) {
  return (
    <div className="form-stack">
      <p id={id}>{message}</p>
      <div className="button-row">
        <ButtonLink to="/portal" variant="primary">
          Go to your orders
        </ButtonLink>
      </div>
    </div>
  );
}
