import { useEffect, useRef } from 'react';
import { useFormError } from './form-error-store';

export interface FormErrorProps {
  /** A local error text; without it the shared form error is shown. */
  message?: string | null;
  id?: string;
}

/** The danger alert of spec section 8; several lines (one per server message) keep their breaks. */
export function FormError({ message, id }: FormErrorProps) {
  const { formError } = useFormError();
  const text = message === undefined ? formError : message;
  const ref = useRef<HTMLDivElement>(null);
  // The alert sits above the form: after pressing a button at the bottom of a long form (on a
  // phone) the visitor would not see it. Screen readers hear it anyway (role alert).
  useEffect(() => {
    if (text) ref.current?.scrollIntoView?.({ block: 'nearest' });
  }, [text]);
  if (!text) return null;
  return (
    <div ref={ref} id={id} className="alert alert--danger" role="alert">
      {text}
    </div>
  );
}
