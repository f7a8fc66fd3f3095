import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { api } from "@convex/_generated/api";
import { fakeId, resetConvexFake, setMutation, setQuery } from "../../test/convex-fake";
import { TicketSales } from "./ticket-sales";

vi.mock("convex/react", async () => (await import("../../test/convex-fake")).convexReactFake);

const type = (name: string, sold: { inteiraSold: number; meiaSold: number; loteSold: number[] }) => ({
  _id: fakeId("ticketTypes", name),
  name,
  quantity: 10,
  meiaQuantity: 4,
  lotes: [{ priceCents: 6_000, quantity: 5 }, { priceCents: 8_000 }],
  purchased: sold.loteSold.length > 0,
  sales: sold,
});

beforeEach(() => {
  resetConvexFake();
  setQuery(api.users.me, { _id: fakeId("users", "u1"), name: "Bia", email: "bia@exemplo.com", image: null, walletCents: 50_000 } as never);
  setQuery(api.ticketTypes.forEvent, [
    type("Pista", { inteiraSold: 1, meiaSold: 1, loteSold: [2] }),
    type("Camarote", { inteiraSold: 6, meiaSold: 4, loteSold: [5, 5] }),
  ]);
});

describe("Ingressos", () => {
  it("lists each type with its lote, price, Restam N, and Esgotado for a sold-out type", () => {
    render(<TicketSales eventId="ev1" open />);
    const pista = screen.getByRole("listitem", { name: "Pista" });
    expect(pista).toHaveTextContent("1º lote: R$ 60,00 · meia R$ 30,00");
    expect(pista).toHaveTextContent("Restam 3");
    expect(screen.getByRole("listitem", { name: "Camarote" })).toHaveTextContent("Esgotado");
    expect(within(screen.getByLabelText("Tipo de ingresso")).getByRole("option", { name: "Camarote" })).toBeDisabled();
  });

  it("asks for the meia category before sending anything", async () => {
    const user = userEvent.setup();
    const buy = setMutation(api.ticketPurchases.buy, () => ({ purchaseId: "p1" }) as never);
    render(<TicketSales eventId="ev1" open />);
    await user.click(screen.getByLabelText("Meia-entrada"));
    await user.selectOptions(screen.getByLabelText("Quantidade"), "2");
    expect(screen.getByText("Total: R$ 60,00")).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Comprar" }));
    expect(await screen.findByRole("alertdialog")).toHaveTextContent("Informe a categoria da meia-entrada.");
    expect(buy).not.toHaveBeenCalled();
  });

  it("has no purchase form once purchases closed", () => {
    render(<TicketSales eventId="ev1" open={false} />);
    expect(screen.getByRole("listitem", { name: "Pista" })).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Comprar" })).not.toBeInTheDocument();
  });
});
