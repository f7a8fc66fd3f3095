import { MAX_TICKET_TYPES, meiaShareSummary } from "@convex/model/shared/ticketTypes";
import { MaxPerPersonField } from "./max-per-person-field";
import { TicketTypeFieldset } from "./ticket-type-fieldset";
import { emptyTicketType, meiaOf, parseCount, type TicketTypeValues } from "./ticket-types-form";
import "./ticket-types.css";

type TicketTypesEditorProps = {
  types: TicketTypeValues[];
  /** The event's category: the meia-entrada law covers Música, Esporte and Entretenimento. */
  category: string;
  onChange: (types: TicketTypeValues[]) => void;
  /** The event's `Máximo por pessoa`, as typed ("" = no limit). */
  maxPerPerson: string;
  onMaxPerPersonChange: (maxPerPerson: string) => void;
};

/** The share of meia-entrada over all the types, as the law counts it; null while a number is unreadable. */
function meiaSummary(types: TicketTypeValues[], category: string): string | null {
  let total = 0;
  let meia = 0;
  for (const type of types) {
    const quantity = parseCount(type.quantity);
    const typeMeia = meiaOf(type);
    if (quantity === null || quantity <= 0 || typeMeia === null) return null;
    total += quantity;
    meia += typeMeia;
  }
  return meiaShareSummary(meia, total, category);
}

/**
 * "Tipos de ingresso" in Criar Evento and Editar evento: none keeps the spec's one ticket per
 * support; each type sells through its lotes in order.
 */
export function TicketTypesEditor({ types, category, onChange, maxPerPerson, onMaxPerPersonChange }: TicketTypesEditorProps) {
  const summary = types.length === 0 ? null : meiaSummary(types, category);
  return (
    <section className="ticket-types" aria-labelledby="ticket-types-title">
      <h3 id="ticket-types-title" className="ticket-types__title">
        Tipos de ingresso
      </h3>
      <p className="field__hint">
        {types.length === 0
          ? "Sem tipos, cada apoio a partir do mínimo gera um ingresso. Com tipos (Pista, Camarote...), cada um tem preço, quantidade e lotes."
          : "Cada tipo vende seus lotes em ordem: o próximo abre quando um termina, na data ou ao vender sua quantidade."}
      </p>
      {types.map((type, index) => (
        <TicketTypeFieldset
          key={type.key}
          index={index}
          values={type}
          onChange={(patch) => onChange(types.map((row, i) => (i === index ? { ...row, ...patch } : row)))}
          onRemove={() => onChange(types.filter((_, i) => i !== index))}
        />
      ))}
      {summary !== null && (
        <p className="ticket-types__summary" aria-live="polite">
          {summary}
        </p>
      )}
      {types.length > 0 && <MaxPerPersonField value={maxPerPerson} onChange={onMaxPerPersonChange} />}
      {types.length < MAX_TICKET_TYPES && (
        <button type="button" className="button button--secondary" onClick={() => onChange([...types, emptyTicketType()])}>
          Adicionar tipo de ingresso
        </button>
      )}
    </section>
  );
}
