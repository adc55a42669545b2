import { shopFrontMessages } from '@festival/contract';
import type { ButtonHTMLAttributes, ReactNode } from 'react';
import './button.css';
import { say } from '../../lib/say';

export type ButtonVariant = 'primary' | 'secondary' | 'danger' | 'ghost' | 'link';
export type ButtonSize = 'sm' | 'md' | 'lg';

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: ButtonVariant;
  size?: ButtonSize;
  /** Shows a spinner, disables the button and marks it busy while an action runs. */
  loading?: boolean;
  /** Full width of its container. */
  block?: boolean;
  children?: ReactNode;
}

export function buttonClassName({
  variant = 'primary',
  size = 'md',
  block = false,
  className,
}: Pick<ButtonProps, 'variant' | 'size' | 'block' | 'className'>): string {
  return ['btn', `btn--${variant}`, `btn--${size}`, block ? 'btn--block' : '', className ?? '']
    .filter(Boolean)
    .join(' ');
}

/** The generic button of spec section 2; its label defaults to 'Click Me'. */
export function Button({
  variant,
  size,
  loading = false,
  block,
  className,
  disabled,
  type = 'button',
  children = say(shopFrontMessages.defaultButtonLabel),
  ...rest
}: ButtonProps) {
  return (
    <button
      {...rest}
      type={type}
      className={buttonClassName({ variant, size, block, className })}
      disabled={disabled || loading}
      aria-busy={loading || undefined}
    >
      {loading && <span className="btn__spinner" aria-hidden="true" />}
      <span className="btn__label">{children}</span>
    </button>
  );
}
