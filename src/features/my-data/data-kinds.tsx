import { DATA_KINDS } from "@convex/model/shared/privacy";

/** What Apoie keeps, by kind: what, how long, why. A definition list per kind reads well on a phone and to a screen reader. */
export function DataKinds() {
  return (
    <ul className="data-kinds">
      {DATA_KINDS.map(({ kind, what, howLong, why }) => (
        <li key={kind} className="data-kind">
          <h3 className="data-kind__title">{kind}</h3>
          <dl className="data-kind__facts">
            <dt>O que</dt>
            <dd>{what}</dd>
            <dt>Por quanto tempo</dt>
            <dd>{howLong}</dd>
            <dt>Por quê</dt>
            <dd>{why}</dd>
          </dl>
        </li>
      ))}
    </ul>
  );
}
