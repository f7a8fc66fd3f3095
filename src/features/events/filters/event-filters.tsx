import { useId } from "react";
import { CheckboxField, Field, Options } from "../../../components/field";
import { CATEGORY_FILTER_OPTIONS, EMPTY_FILTERS, type EventFilterValues } from "./filters";
import "../events.css";

type EventFiltersProps = { values: EventFilterValues; onChange: (values: EventFilterValues) => void };

/**
 * Name, city, category and date range filters for the home grid, and "Mostrar encerrados",
 * which lists the events that are over (newest first) instead of the upcoming ones.
 */
export function EventFilters({ values, onChange }: EventFiltersProps) {
  const id = useId();
  const set = (patch: Partial<EventFilterValues>) => onChange({ ...values, ...patch });
  const onlyOneDate = (values.from === "") !== (values.to === "");
  const datesHint = onlyOneDate ? `${id}-dates-hint` : undefined;
  const active = JSON.stringify(values) !== JSON.stringify(EMPTY_FILTERS);

  return (
    <form className="filters" role="search" aria-label="Filtrar eventos" onSubmit={(e) => e.preventDefault()}>
      <Field label="Nome" className="filters__name">
        {(control) => (
          <input
            {...control}
            type="search"
            placeholder="Buscar pelo nome"
            autoComplete="off"
            value={values.name}
            onChange={(e) => set({ name: e.target.value })}
          />
        )}
      </Field>
      <Field label="Cidade">
        {(control) => (
          <input
            {...control}
            type="search"
            placeholder="Todas"
            autoComplete="address-level2"
            value={values.city}
            onChange={(e) => set({ city: e.target.value })}
          />
        )}
      </Field>
      <Field label="Categoria">
        {(control) => (
          <select {...control} value={values.category} onChange={(e) => set({ category: e.target.value })}>
            <Options values={CATEGORY_FILTER_OPTIONS} />
          </select>
        )}
      </Field>
      <Field label="Data inicial" describedBy={datesHint}>
        {(control) => (
          <input
            {...control}
            type="date"
            value={values.from}
            max={values.to || undefined}
            onChange={(e) => set({ from: e.target.value })}
          />
        )}
      </Field>
      <Field label="Data final" describedBy={datesHint}>
        {(control) => (
          <input {...control} type="date" value={values.to} min={values.from || undefined} onChange={(e) => set({ to: e.target.value })} />
        )}
      </Field>
      <div className="filters__actions">
        <button type="button" className="button button--ghost" disabled={!active} onClick={() => onChange(EMPTY_FILTERS)}>
          Limpar filtros
        </button>
      </div>
      <CheckboxField
        label="Mostrar encerrados"
        className="filters__finished"
        checked={values.finished}
        onChange={(finished) => set({ finished })}
      />
      {onlyOneDate && (
        <p id={`${id}-dates-hint`} className="filters__hint">
          Informe a data inicial e a data final para filtrar por período.
        </p>
      )}
    </form>
  );
}
