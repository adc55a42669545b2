import type { ReactNode } from 'react';

export interface PageProps {
  title: ReactNode;
  /** A sentence under the heading. */
  lead?: ReactNode;
  children?: ReactNode;
  className?: string;
}

/** The frame of a page: its one <h1> (id page-title) and content. */
export function Page({ title, lead, children, className }: PageProps) {
  return (
    <article className={['page', className].filter(Boolean).join(' ')} aria-labelledby="page-title">
      <header className="page__header">
        <h1 id="page-title" className="page__title">
          {title}
        </h1>
        {lead && <p className="page__lead">{lead}</p>}
      </header>
      {children}
    </article>
  );
}
