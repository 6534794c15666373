/**
 * What a page shows in place of an island while its code loads: a card with the island's main
 * button, disabled (the same size, so nothing moves when the island arrives).
 */
export function ButtonCardPlaceholder({ label }: { label: string }) {
  return (
    <section className="card">
      <button type="button" className="btn btn-block" disabled>
        {label}
      </button>
    </section>
  );
}

/** A programme's list of benefits in a card (`/univer-register`, `/modeler`). */
export function BenefitsCard({ id, title, items }: { id: string; title: string; items: string[] }) {
  return (
    <section className="card" aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      <ul className="univer-benefits">
        {items.map((item) => (
          <li key={item}>{item}</li>
        ))}
      </ul>
    </section>
  );
}
