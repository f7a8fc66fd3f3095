import type { FunctionReturnType } from "convex/server";
import type { api } from "@convex/_generated/api";
import { formatBRL } from "@convex/model/shared/money";
import { availabilityOf, loteLabel, unitPriceCents, type Availability } from "@convex/model/shared/ticketTypes";

export type TicketTypeOnSale = FunctionReturnType<typeof api.ticketTypes.forEvent>[number];

/** A type as the page shows it now: its lote on sale and what is left, inteira and meia apart. */
export function onSaleNow(type: TicketTypeOnSale, now: number): Availability {
  return availabilityOf(type, type.sales, now);
}

function stateText(available: Availability): string {
  if (available.state === "soldOut") return "Esgotado";
  if (available.state === "ended") return "Vendas encerradas";
  return `Restam ${available.left}`;
}

/**
 * Each type with its current lote, price (inteira and meia), and `Restam N` (what the type has
 * left) or `Esgotado`, live; the lote's own remainder is said apart when it is smaller.
 */
export function TicketTypeList({ types, now }: { types: TicketTypeOnSale[]; now: number }) {
  return (
    <ul className="ticket-types-on-sale">
      {types.map((type) => {
        const available = onSaleNow(type, now);
        const lote = available.loteIndex === null ? null : type.lotes[available.loteIndex]!;
        return (
          <li key={type._id} className="ticket-type-on-sale" aria-label={type.name}>
            <div className="ticket-type-on-sale__head">
              <h3 className="ticket-type-on-sale__name">{type.name}</h3>
              <span className={`chip ${available.state === "onSale" ? "chip--left" : "chip--sold-out"}`}>{stateText(available)}</span>
            </div>
            {lote !== null && (
              <p className="ticket-type-on-sale__price">
                {available.meiaReserve ? (
                  <>
                    Meia-entrada: <strong>{formatBRL(unitPriceCents(lote, true))}</strong>
                  </>
                ) : (
                  <>
                    {loteLabel(available.loteIndex!)}: <strong>{formatBRL(lote.priceCents)}</strong>
                    {type.meiaQuantity > 0 && <> · meia {formatBRL(unitPriceCents(lote, true))}</>}
                    {available.loteLeft !== null && available.loteLeft < available.left && <> · restam {available.loteLeft} neste lote</>}
                  </>
                )}
              </p>
            )}
            {type.meiaQuantity > 0 && available.state === "onSale" && (
              <p className="ticket-type-on-sale__meia">
                Inteira: {available.inteiraLeft > 0 ? `restam ${available.inteiraLeft}` : "esgotada"} · Meia-entrada:{" "}
                {available.meiaLeft > 0 ? `restam ${available.meiaLeft}` : "esgotada"}
              </p>
            )}
          </li>
        );
      })}
    </ul>
  );
}
