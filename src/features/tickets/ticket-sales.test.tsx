import { act, render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { api } from "@convex/_generated/api";
import { NO_FEES } from "@convex/model/shared/fees";
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
  maxPerPerson: null,
  sales: sold,
});

beforeEach(() => {
  resetConvexFake();
  setQuery(api.users.me, { _id: fakeId("users", "u1"), name: "Bia", email: "bia@exemplo.com", image: null, walletCents: 50_000 } as never);
  setQuery(api.ticketTypes.forEvent, [
    type("Pista", { inteiraSold: 1, meiaSold: 1, loteSold: [2] }),
    type("Camarote", { inteiraSold: 6, meiaSold: 4, loteSold: [5, 5] }),
  ]);
  setQuery(api.fees.forEvent, { rates: NO_FEES, passedOn: false });
});

describe("Ingressos", () => {
  it("lists each type with its lote, price, Restam N, and Esgotado for a sold-out type", () => {
    render(<TicketSales eventId="ev1" open />);
    const pista = screen.getByRole("listitem", { name: "Pista" });
    // The type has 8 left (5 inteira + 3 meia); its 1º lote only 3 of them.
    expect(pista).toHaveTextContent("1º lote: R$ 60,00 · meia R$ 30,00 · restam 3 neste lote");
    expect(pista).toHaveTextContent("Restam 8");
    expect(pista).toHaveTextContent("Inteira: restam 5 · Meia-entrada: restam 3");
    expect(screen.getByRole("listitem", { name: "Camarote" })).toHaveTextContent("Esgotado");
    expect(within(screen.getByLabelText("Tipo de ingresso")).getByRole("option", { name: "Camarote" })).toBeDisabled();
    // LGPD: the buyer reads what the organizer receives before buying.
    expect(screen.getByText("O organizador do evento recebe seu nome e e-mail na lista de participantes.")).toBeInTheDocument();
  });

  it("offers the meia reserve at the last lote's meia price once the lotes ended with the inteira", async () => {
    setQuery(api.ticketTypes.forEvent, [
      { ...type("Pista", { inteiraSold: 6, meiaSold: 0, loteSold: [6] }), lotes: [{ priceCents: 4_000, quantity: 6 }] },
    ]);
    const buy = setMutation(api.ticketPurchases.buy, () => ({ purchaseId: "p1" }) as never);
    const user = userEvent.setup();
    render(<TicketSales eventId="ev1" open />);
    const pista = screen.getByRole("listitem", { name: "Pista" });
    expect(pista).toHaveTextContent("Restam 4");
    expect(pista).toHaveTextContent("Meia-entrada: R$ 20,00");
    expect(screen.getByLabelText("Meia-entrada")).toBeChecked();
    expect(screen.getByLabelText("Inteira")).toBeDisabled();
    await user.selectOptions(screen.getByLabelText("Categoria da meia-entrada"), "estudante");
    await user.click(screen.getByRole("button", { name: "Comprar" }));
    expect(buy).toHaveBeenCalledWith(
      expect.objectContaining({ loteIndex: 0, unitPriceCents: 2_000, meia: true, meiaCategory: "estudante" }),
    );
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

  it("says Processando sua compra… while the queue decides, then shows the ticket codes once issued", async () => {
    const user = userEvent.setup();
    const buy = setMutation(api.ticketPurchases.buy, () => ({ purchaseId: "p1" }) as never);
    setQuery(api.ticketPurchases.outcome, { status: "pending", units: 2, amountCents: 12_000 });
    render(<TicketSales eventId="ev1" open />);
    await user.selectOptions(screen.getByLabelText("Quantidade"), "2");
    await user.click(screen.getByRole("button", { name: "Comprar" }));
    expect(buy).toHaveBeenCalledWith(
      expect.objectContaining({ eventId: "ev1", loteIndex: 0, unitPriceCents: 6_000, units: 2, meia: false }),
    );
    expect(await screen.findByRole("button", { name: "Processando sua compra…" })).toBeDisabled();
    expect(screen.queryByRole("alertdialog")).not.toBeInTheDocument();

    // The queue issues the tickets: the outcome changes live, as the server would push it.
    act(() => setQuery(api.ticketPurchases.outcome, { status: "issued", units: 2, amountCents: 12_000, ticketCodes: ["AB12", "CD34"] }));
    const alert = await screen.findByRole("alertdialog");
    expect(alert).toHaveTextContent("Compra confirmada!");
    expect(alert).toHaveTextContent("Seus 2 ingressos estão em Meus Ingressos.");
    expect(alert).toHaveTextContent("AB12 CD34");
    await user.click(within(alert).getByRole("button", { name: "OK" }));
    expect(screen.queryByRole("alertdialog")).not.toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Comprar" })).toBeEnabled();
  });

  it("tells a refused purchase that its money went back", async () => {
    const user = userEvent.setup();
    setMutation(api.ticketPurchases.buy, () => ({ purchaseId: "p1" }) as never);
    setQuery(api.ticketPurchases.outcome, {
      status: "refunded",
      units: 1,
      amountCents: 6_000,
      refusal: "Ingressos esgotados para este tipo.",
    });
    render(<TicketSales eventId="ev1" open />);
    await user.click(screen.getByRole("button", { name: "Comprar" }));
    expect(await screen.findByRole("alertdialog")).toHaveTextContent(
      "Ingressos esgotados para este tipo. O valor voltou para a sua carteira.",
    );
  });

  it("shows the fee passed on to the buyer before paying, and pays what it showed", async () => {
    setQuery(api.fees.forEvent, { rates: { ticketBasisPoints: 1_000, supportBasisPoints: 0, minimumCents: 0 }, passedOn: true });
    const buy = setMutation(api.ticketPurchases.buy, () => ({ purchaseId: "p1" }) as never);
    const user = userEvent.setup();
    render(<TicketSales eventId="ev1" open />);
    await user.selectOptions(screen.getByLabelText("Quantidade"), "2");
    expect(screen.getByText("Ingresso R$ 120,00 + taxa R$ 12,00 = R$ 132,00")).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Comprar" }));
    expect(buy).toHaveBeenCalledWith(expect.objectContaining({ unitPriceCents: 6_000, units: 2, feeCents: 1_200 }));
  });

  it("applies a Cupom: the new price before paying, bought at it with the code; a refused code says why", async () => {
    setQuery(api.fees.forEvent, { rates: { ticketBasisPoints: 1_000, supportBasisPoints: 0, minimumCents: 0 }, passedOn: true });
    setQuery(api.coupons.preview, (args) =>
      args.code === "PROMO10"
        ? { ok: true as const, code: "PROMO10", unitPriceCents: 5_400 }
        : { ok: false as const, message: "Este cupom expirou." },
    );
    const buy = setMutation(api.ticketPurchases.buy, () => ({ purchaseId: "p1" }) as never);
    const user = userEvent.setup();
    render(<TicketSales eventId="ev1" open />);
    await user.type(screen.getByLabelText("Cupom"), "VELHO");
    await user.click(screen.getByRole("button", { name: "Aplicar" }));
    expect(await screen.findByText("Este cupom expirou.")).toBeInTheDocument();
    await user.clear(screen.getByLabelText("Cupom"));
    await user.type(screen.getByLabelText("Cupom"), "PROMO10");
    await user.click(screen.getByRole("button", { name: "Aplicar" }));
    expect(await screen.findByText("Cupom PROMO10 aplicado: R$ 54,00 por ingresso.")).toBeInTheDocument();
    expect(screen.getByText("Ingresso R$ 54,00 + taxa R$ 5,40 = R$ 59,40")).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Comprar" }));
    expect(buy).toHaveBeenCalledWith(expect.objectContaining({ unitPriceCents: 5_400, feeCents: 540, couponCode: "PROMO10" }));
  });

  it("keeps a purchase refunded in the race for the last units on screen while the type sells out and its form goes", async () => {
    const user = userEvent.setup();
    setMutation(api.ticketPurchases.buy, () => ({ purchaseId: "p1" }) as never);
    setQuery(api.ticketPurchases.outcome, { status: "pending", units: 1, amountCents: 6_000 });
    setQuery(api.ticketTypes.forEvent, [type("Pista", { inteiraSold: 5, meiaSold: 4, loteSold: [5, 4] })]);
    render(<TicketSales eventId="ev1" open />);
    await user.click(screen.getByRole("button", { name: "Comprar" }));
    expect(await screen.findByRole("button", { name: "Processando sua compra…" })).toBeDisabled();
    // Someone else's purchase took the last unit: the type sells out and this one is refunded, in one update.
    act(() => {
      setQuery(api.ticketTypes.forEvent, [type("Pista", { inteiraSold: 6, meiaSold: 4, loteSold: [5, 5] })]);
      setQuery(api.ticketPurchases.outcome, {
        status: "refunded",
        units: 1,
        amountCents: 6_000,
        refusal: "Ingressos esgotados para este tipo.",
      });
    });
    expect(await screen.findByRole("alertdialog")).toHaveTextContent(
      "Ingressos esgotados para este tipo. O valor voltou para a sua carteira.",
    );
    expect(screen.queryByRole("form", { name: "Comprar ingressos" })).not.toBeInTheDocument();
  });

  it("has no purchase form once purchases closed", () => {
    render(<TicketSales eventId="ev1" open={false} />);
    expect(screen.getByRole("listitem", { name: "Pista" })).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Comprar" })).not.toBeInTheDocument();
  });
});
