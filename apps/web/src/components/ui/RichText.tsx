import type { ElementType } from 'react';

export interface RichTextProps {
  /** Organiser HTML from the shop configuration. */
  html: string | null | undefined;
  className?: string;
  as?: ElementType;
  id?: string;
}

/**
 * The one place that renders configured HTML. The server sanitises every rich-text setting
 * once when it loads the configuration (apps/server/src/lib/sanitize.ts), so the page can
 * insert it as markup; never pass text from any other source here.
 */
export function RichText({ html, className, as: Tag = 'div', id }: RichTextProps) {
  if (!html) return null;
  return <Tag id={id} className={['rich-text', className].filter(Boolean).join(' ')} dangerouslySetInnerHTML={{ __html: html }} />;
}
