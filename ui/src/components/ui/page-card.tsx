import type { ReactNode } from 'react';

/** A white card with the page title: the frame of every personal-centre page. */
export function PageCard({ title, extra, children }: { title: ReactNode; extra?: ReactNode; children: ReactNode }) {
  return (
    <section className="page-card">
      <header className="page-card-head">
        <h1 className="page-card-title">{title}</h1>
        {extra}
      </header>
      <div className="page-card-body">{children}</div>
    </section>
  );
}
