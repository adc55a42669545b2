import type { ReactNode } from 'react';
import './badge.css';

export type BadgeTone = 'neutral' | 'success' | 'info' | 'danger';

export interface BadgeProps {
  tone?: BadgeTone;
  children: ReactNode;
  className?: string;
  id?: string;
}

/** A short status word next to something: Sold out, In stock, Paid. */
export function Badge({ tone = 'neutral', children, className, id }: BadgeProps) {
  return (
    <span id={id} className={['badge', `badge--${tone}`, className].filter(Boolean).join(' ')}>
      {children}
    </span>
  );
}
