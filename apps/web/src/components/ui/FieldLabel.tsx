import type { ReactNode } from 'react';

/** The label of a form field, with the required marker of spec section 2 (read out by the control's own `required`). */
export function FieldLabel({ htmlFor, required, children }: { htmlFor: string; required?: boolean | undefined; children: ReactNode }) {
  return (
    <label htmlFor={htmlFor} className="field__label">
      {children}
      {required && (
        <span className="field__required" aria-hidden="true">
          {' '}
          *
        </span>
      )}
    </label>
  );
}
