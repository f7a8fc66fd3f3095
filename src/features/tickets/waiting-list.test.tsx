import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { api } from "@convex/_generated/api";
import { holdSentence } from "@convex/model/shared/waitingList";
import { fakeId, resetConvexFake, setMutation, setQuery } from "../../test/convex-fake";
import { TicketSales } from "./ticket-sales";

vi.mock("convex/react", async () => (await import("../../test/convex-fake")).convexReactFake);

const typeId = fakeId("ticketTypes", "Pista");
/** Pista: 10 units, 4 meia, all sold. */
const soldOut = {
  _id: typeId,
  name: "Pista",
  quantity: 10,
  meiaQuantity: 4,
  lotes: [{ priceCents: 6_000 }],
  purchased: true,
  maxPerPerson: 2,
  sales: { inteiraSold: 6, meiaSold: 4, loteSold: [10] },
};

beforeEach(() => {
  resetConvexFake();
  setQuery(api.users.me, { _id: fakeId("users", "u1"), name: "Bia", email: "bia@exemplo.com", image: null, walletCents: 50_000 } as never);
  setQuery(api.ticketTypes.forEvent, [soldOut]);
});

describe("Lista de espera on the event page", () => {
  it("offers to join a sold-out type instead of a purchase form, up to the event's limit", async () => {
    setQuery(api.waitingList.mine, []);
    const join = setMutation(api.waitingList.join, () => ({ entryId: "w1" }) as never);
    render(<TicketSales eventId="ev1" open />);
    expect(screen.queryByRole("form", { name: "Comprar ingressos" })).not.toBeInTheDocument();
    const form = screen.getByRole("form", { name: "Lista de espera" });
    expect(
      within(form)
        .getAllByRole("option")
        .map((option) => option.textContent),
    ).toEqual(["1", "2"]);
    const user = userEvent.setup();
    await user.click(within(form).getByLabelText("Meia-entrada"));
    await user.selectOptions(within(form).getByLabelText("Quantidade"), "2");
    await user.click(within(form).getByRole("button", { name: "Entrar na lista de espera" }));
    expect(join).toHaveBeenCalledWith({ eventId: "ev1", typeId, units: 2, meia: true });
  });

  it("shows the place in line live, and leaving it", async () => {
    setQuery(api.waitingList.mine, [{ entryId: "w1", typeId, meia: false, units: 1, status: "waiting", position: 3 }] as never);
    const leave = setMutation(api.waitingList.leave, () => null as never);
    render(<TicketSales eventId="ev1" open />);
    const place = screen.getByRole("region", { name: "Sua posição na lista de espera" });
    expect(place).toHaveTextContent("Você é o 3º da fila");
    expect(screen.queryByRole("form", { name: "Lista de espera" })).not.toBeInTheDocument();
    await userEvent.setup().click(within(place).getByRole("button", { name: "Sair da lista" }));
    expect(leave).toHaveBeenCalledWith({ entryId: "w1" });
  });

  it("buys held meia units with the hold, once the category is chosen; a lapsed hold is not shown", async () => {
    const holdUntil = Date.now() + 20 * 60_000;
    const held = {
      entryId: "w1",
      typeId,
      meia: true,
      units: 2,
      status: "held",
      heldUnits: 1,
      loteIndex: 0,
      unitPriceCents: 3_000,
      holdUntil,
    };
    setQuery(api.waitingList.mine, [held] as never);
    const buy = setMutation(api.ticketPurchases.buy, () => ({ purchaseId: "p1" }) as never);
    const { unmount } = render(<TicketSales eventId="ev1" open />);
    const region = screen.getByRole("region", { name: "Sua reserva na lista de espera" });
    expect(region).toHaveTextContent(holdSentence(holdUntil));
    expect(region).toHaveTextContent("Voltaram 1 ingresso dos 2 que você pediu.");
    const user = userEvent.setup();
    await user.click(within(region).getByRole("button", { name: "Comprar" }));
    expect(await screen.findByRole("alertdialog")).toHaveTextContent("Informe a categoria da meia-entrada.");
    expect(buy).not.toHaveBeenCalled();
    await user.click(within(screen.getByRole("alertdialog")).getByRole("button", { name: "OK" }));
    await user.selectOptions(within(region).getByLabelText("Categoria da meia-entrada"), "estudante");
    await user.click(within(region).getByRole("button", { name: "Comprar" }));
    expect(buy).toHaveBeenCalledWith({
      eventId: "ev1",
      typeId,
      loteIndex: 0,
      unitPriceCents: 3_000,
      units: 1,
      meia: true,
      meiaCategory: "estudante",
      holdId: "w1",
    });
    unmount();

    setQuery(api.waitingList.mine, [{ ...held, holdUntil: Date.now() - 1 }] as never);
    render(<TicketSales eventId="ev1" open />);
    expect(screen.queryByRole("region", { name: "Sua reserva na lista de espera" })).not.toBeInTheDocument();
  });
});
