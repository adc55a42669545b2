import type { ReactNode } from 'react';
import { useFocusOnMount } from '../use-focus-on-mount';

/**
 * The "complete" screen of a form (spec section 2: registration, forgot and reset password):
 * the server's message in a success alert, focused when it replaces the form.
 */
export function DoneMessage({ id, children, actions }: { id: string; children: ReactNode; actions?: ReactNode }) {
  const ref = useFocusOnMount<HTMLDivElement>();
  return (
    <div className="form-stack">
      <div ref={ref} id={id} className="alert alert--success" role="status" tabIndex={-1}>
        {children}
      </div>
      {actions && <div className="button-row">{actions}</div>}
    </div>
  );
}
