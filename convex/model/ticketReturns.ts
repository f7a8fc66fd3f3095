/**
 * Units that come back to a ticket type (a cancelled purchase): its counts go down, so `Restam`
 * goes up live, and a sold-out flag that no longer holds is cleared, so buyers are not refused
 * before paying. Meia goes back to the meia-entrada reserve, inteira to the inteira.
 *
 * The lote's own count goes down too, unless that would reopen a lote that had ended by its
 * quantity: a buyer who cancels never brings back an earlier, cheaper lote. Those units then
 * sell at the lote on sale now.
 */
import type { Doc } from "../_generated/dataModel";
import type { MutationCtx } from "../_generated/server";
import { currentLoteIndex, inteiraGoneForGood } from "./shared/ticketTypes";
import { salesOf } from "./ticketTypes";

export async function returnUnits(ctx: MutationCtx, purchase: Doc<"ticketPurchases">, now: number): Promise<void> {
  const type = await ctx.db.get("ticketTypes", purchase.typeId);
  const sales = await salesOf(ctx, purchase.typeId);
  if (type === null || sales === null) return;
  const meia = purchase.meiaCategory !== undefined;
  const { units, loteIndex } = purchase;

  const loteSold = [...sales.loteSold];
  const loteMeia = [...sales.loteMeia];
  const onSaleBefore = currentLoteIndex(type.lotes, sales.loteSold, now) ?? Number.POSITIVE_INFINITY;
  loteSold[loteIndex] = Math.max(0, (loteSold[loteIndex] ?? 0) - units);
  const onSaleAfter = currentLoteIndex(type.lotes, loteSold, now) ?? Number.POSITIVE_INFINITY;
  const lotesMove = onSaleAfter >= onSaleBefore;
  if (meia && lotesMove) loteMeia[loteIndex] = Math.max(0, (loteMeia[loteIndex] ?? 0) - units);

  const counts = {
    inteiraSold: sales.inteiraSold - (meia ? 0 : units),
    meiaSold: sales.meiaSold - (meia ? units : 0),
    loteSold: lotesMove ? loteSold : sales.loteSold,
  };
  await ctx.db.patch("ticketSales", sales._id, { ...counts, loteMeia: lotesMove ? loteMeia : sales.loteMeia });
  const flags = {
    ...(type.inteiraSoldOut === true && !inteiraGoneForGood(type, counts) ? { inteiraSoldOut: undefined } : {}),
    ...(type.meiaSoldOut === true && type.meiaQuantity - counts.meiaSold > 0 ? { meiaSoldOut: undefined } : {}),
  };
  if (Object.keys(flags).length > 0) await ctx.db.patch("ticketTypes", type._id, flags);
}
