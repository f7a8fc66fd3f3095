import { onSaleNow, type TicketTypeOnSale } from "./ticket-type-list";

/**
 * The options of a type whose waiting line one may join now, as the server's flags would say:
 * offered by the type, none left, and its sales not ended by date.
 */
export function soldOutOptions(type: TicketTypeOnSale, now: number): { inteira: boolean; meia: boolean } {
  const available = onSaleNow(type, now);
  if (available.state === "ended") return { inteira: false, meia: false };
  return {
    inteira: type.quantity > type.meiaQuantity && available.inteiraLeft === 0,
    meia: type.meiaQuantity > 0 && available.meiaLeft === 0,
  };
}
