import { useId, type Ref, type SelectHTMLAttributes } from 'react';
import { FieldLabel } from './FieldLabel';

export interface DropdownOption {
  value: string;
  label: string;
  disabled?: boolean;
}

export interface DropdownProps extends Omit<SelectHTMLAttributes<HTMLSelectElement>, 'onChange' | 'value' | 'children'> {
  /** The visible label; without one, pass aria-label. */
  label?: string;
  options: readonly DropdownOption[];
  value: string;
  onChange: (value: string) => void;
  /** A first option with an empty value that cannot be picked again, such as 'Choose…'. */
  placeholder?: string;
  /** Help text under the field. */
  hint?: string;
  ref?: Ref<HTMLSelectElement>;
}

/** The dropdown of spec section 2: optional label with required marker, optional disabled placeholder. */
export function Dropdown({ id, label, options, value, onChange, placeholder, hint, required, className, 'aria-describedby': describedBy, ...rest }: DropdownProps) {
  const generatedId = useId();
  const selectId = id ?? generatedId;
  const hintId = hint ? `${selectId}-hint` : undefined;
  return (
    <div className={['field', className].filter(Boolean).join(' ')}>
      {label && (
        <FieldLabel htmlFor={selectId} required={required}>
          {label}
        </FieldLabel>
      )}
      <select
        {...rest}
        id={selectId}
        className="field__control"
        value={value}
        required={required}
        aria-describedby={[hintId, describedBy].filter(Boolean).join(' ') || undefined}
        onChange={(event) => onChange(event.target.value)}
      >
        {placeholder !== undefined && (
          <option value="" disabled>
            {placeholder}
          </option>
        )}
        {options.map((option) => (
          <option key={option.value} value={option.value} disabled={option.disabled}>
            {option.label}
          </option>
        ))}
      </select>
      {hint && (
        <p id={hintId} className="field__hint">
          {hint}
        </p>
      )}
    </div>
  );
}
