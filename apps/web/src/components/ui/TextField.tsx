import { useId, type InputHTMLAttributes, type Ref } from 'react';
import { FieldLabel } from './FieldLabel';

export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'value'> {
  label: string;
  value: string;
  onChange: (value: string) => void;
  hint?: string;
  ref?: Ref<HTMLInputElement>;
}

/** A labelled text input with the same required marker as Dropdown. */
export function TextField({ id, label, value, onChange, hint, required, className, type = 'text', 'aria-describedby': describedBy, ...rest }: TextFieldProps) {
  const generatedId = useId();
  const inputId = id ?? generatedId;
  const hintId = hint ? `${inputId}-hint` : undefined;
  return (
    <div className={['field', className].filter(Boolean).join(' ')}>
      <FieldLabel htmlFor={inputId} required={required}>
        {label}
      </FieldLabel>
      <input
        {...rest}
        id={inputId}
        type={type}
        className="field__control"
        value={value}
        required={required}
        aria-describedby={[hintId, describedBy].filter(Boolean).join(' ') || undefined}
        onChange={(event) => onChange(event.target.value)}
      />
      {hint && (
        <p id={hintId} className="field__hint">
          {hint}
        </p>
      )}
    </div>
  );
}

/**
 * The e-mail address field of the shop's forms: labelled, typed and hinted for the browser's
 * keyboard and autofill the same way everywhere. A login form passes autoComplete "username".
 */
export function EmailField({ label = 'E-mail address', autoComplete = 'email', ...props }: Omit<TextFieldProps, 'label' | 'type'> & { label?: string }) {
  return <TextField {...props} label={label} type="email" autoComplete={autoComplete} inputMode="email" required />;
}
