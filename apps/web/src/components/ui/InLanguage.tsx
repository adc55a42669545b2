import { Fragment, type ReactNode } from 'react';
import { useLanguage } from '../../lib/language';

/**
 * The pages in the page's language: when the buyer switches, they render again in the new one
 * (their data stays in the query cache; a page's own state starts afresh, as on a new visit).
 */
export function InLanguage({ children }: { children: ReactNode }) {
  const language = useLanguage();
  return <Fragment key={language}>{children}</Fragment>;
}
