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
  if (!text) return null;
  return (
    <div id={id} className="alert alert--danger" role="alert">
      {text}
    </div>
  );
}
