/** A page's frame: its one h1, optional actions beside it, then the content. */
import { useEffect, type ReactNode } from "react";

export interface PageProps {
  title: string;
  description?: ReactNode;
  actions?: ReactNode;
  children: ReactNode;
  /** Breadcrumb-like link above the title. */
  back?: ReactNode;
}

export function Page({ title, description, actions, children, back }: PageProps) {
  useEffect(() => {
    document.title = `${title} · Latchkey`;
  }, [title]);
  return (
    <section className="page" aria-labelledby="page-title">
      {back ? <div className="page-back">{back}</div> : null}
      <header className="page-header">
        <div>
          <h1 id="page-title">{title}</h1>
          {description ? <p className="page-description">{description}</p> : null}
        </div>
        {actions ? <div className="page-actions">{actions}</div> : null}
      </header>
      {children}
    </section>
  );
}

/** A titled block inside a page (h2). */
export function Section({ title, description, actions, children }: { title: string; description?: ReactNode; actions?: ReactNode; children: ReactNode }) {
  return (
    <section className="card" aria-label={title}>
      <header className="card-header">
        <div>
          <h2>{title}</h2>
          {description ? <p className="card-description">{description}</p> : null}
        </div>
        {actions ? <div className="card-actions">{actions}</div> : null}
      </header>
      {children}
    </section>
  );
}
