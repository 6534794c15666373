import type { ReactNode } from 'react';

/** Empty, error and not-found states share one layout: icon, title, text, actions. */
export function StateView(props: { icon: ReactNode; title: string; children?: ReactNode; actions?: ReactNode }) {
  return (
    <section className="state card">
      {props.icon}
      <h1>{props.title}</h1>
      {props.children}
      {props.actions ? <div className="btn-row">{props.actions}</div> : null}
    </section>
  );
}
