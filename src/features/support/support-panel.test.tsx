import { act, render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MemoryRouter } from "react-router-dom";
import { ConvexError } from "convex/values";
import type { Id } from "@convex/_generated/dataModel";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { fakeId, resetConvexFake, setMutation, setQuery } from "../../test/convex-fake";
import { SupportPanel, type SupportableEvent } from "./support-panel";
import { useSupport } from "./use-support";
import { api } from "@convex/_generated/api";
import type { FunctionReturnType } from "convex/server";

type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;

vi.mock("convex/react", async () => (await import("../../test/convex-fake")).convexReactFake);

const event: SupportableEvent = { _id: "ev1" as Id<"events">, minSupportCents: 500, supportClosedReason: null, isTicketed: false };
const user = { _id: fakeId("users", "u1"), name: "Ana", menuName: "Ana", email: "ana@example.com", image: null, walletCents: 5000 };

/** The panel as the event page holds it, with the page's useSupport. */
function Panel({ overrides }: { overrides: Partial<SupportableEvent> }) {
  const support = useSupport("ev1");
  return <SupportPanel event={{ ...event, ...overrides }} chatPath="/chat/ev1" support={support} />;
}

function renderPanel(overrides: Partial<SupportableEvent> = {}) {
  return render(
    <MemoryRouter>
      <Panel overrides={overrides} />
    </MemoryRouter>,
  );
}

async function support(amount: string) {
  const u = userEvent.setup();
  if (amount !== "") await u.type(screen.getByLabelText("Valor do apoio"), amount);
  await u.click(screen.getByRole("button", { name: "APOIE" }));
  return u;
}

async function expectAlert(title: string, text: string | RegExp) {
  const alert = await screen.findByRole("alertdialog");
  expect(within(alert).getByRole("heading", { name: title })).toBeInTheDocument();
  expect(within(alert).getByText(text)).toBeInTheDocument();
  return alert;
}

/** The support is taken (queued) and its outcome, read live, says it was applied with `result`. */
type Outcome = Exclude<FunctionReturnType<typeof api.supports.outcome>, null>;

function supportQueued(outcome: DistributiveOmit<Outcome, "amountCents">) {
  let amountCents = 0;
  const mutation = setMutation(api.supports.support, (args) => {
    amountCents = args.amountCents;
    return { supportId: fakeId("queuedSupports", "q1"), queued: true };
  });
  setQuery(api.supports.outcome, (args) => (args.supportId === "q1" ? ({ amountCents, ...outcome } as Outcome) : null));
  return mutation;
}

function supportApplied(result: { goalReached: boolean; ticketCode: string | null }) {
  return supportQueued({ status: "applied", ...result });
}

beforeEach(() => {
  resetConvexFake();
  setQuery(api.users.me, user);
  setQuery(api.supports.mine, { supported: false, amountCents: 0 });
});

describe("SupportPanel", () => {
  it("asks a signed-out visitor to sign in", async () => {
    setQuery(api.users.me, null);
    const mutation = supportApplied({ goalReached: false, ticketCode: null });
    renderPanel();
    await support("10");
    await expectAlert("Atenção", "Você precisa estar logado para apoiar este evento!");
    expect(mutation).not.toHaveBeenCalled();
  });

  it("rejects amounts that are not valid reais", async () => {
    const mutation = supportApplied({ goalReached: false, ticketCode: null });
    renderPanel();
    await support("abc");
    await expectAlert("Atenção", "Por favor, insira um valor válido!");
    expect(mutation).not.toHaveBeenCalled();
  });

  it("rejects an empty amount", async () => {
    renderPanel();
    await support("");
    await expectAlert("Atenção", "Por favor, insira um valor válido!");
  });

  it("tells a person with an empty wallet, with the Saldo Insuficiente title", async () => {
    setQuery(api.users.me, { ...user, walletCents: 0 });
    renderPanel();
    await support("10");
    await expectAlert("Saldo Insuficiente", "Você não possui saldo suficiente para apoiar este evento.");
  });

  it("refuses more than the wallet holds", async () => {
    renderPanel();
    await support("50,01");
    await expectAlert("Atenção", "Saldo insuficiente!");
  });

  it("enforces the event's minimum, formatted in reais", async () => {
    renderPanel();
    await support("4,99");
    await expectAlert("Atenção", "O valor mínimo de apoio é R$ 5,00");
  });

  it("accepts Brazilian input (10,50) and sends cents, then says Sucesso!", async () => {
    const mutation = supportApplied({ goalReached: false, ticketCode: null });
    renderPanel();
    const u = await support("10,50");
    expect(mutation).toHaveBeenCalledWith({ eventId: "ev1", amountCents: 1050 });
    const alert = await expectAlert("Sucesso!", /R\$ 10,50/);
    await u.click(within(alert).getByRole("button", { name: "OK" }));
    expect(screen.queryByRole("alertdialog")).not.toBeInTheDocument();
    expect(screen.getByLabelText("Valor do apoio")).toHaveValue("");
  });

  it("moves focus to OK, so Enter in the amount field closes the alert instead of resubmitting", async () => {
    const u = userEvent.setup();
    const mutation = supportApplied({ goalReached: false, ticketCode: null });
    renderPanel();
    await u.type(screen.getByLabelText("Valor do apoio"), "10{Enter}");
    const alert = await expectAlert("Sucesso!", /R\$ 10,00/);
    expect(within(alert).getByRole("button", { name: "OK" })).toHaveFocus();
    await u.keyboard("{Enter}");
    expect(screen.queryByRole("alertdialog")).not.toBeInTheDocument();
    expect(mutation).toHaveBeenCalledTimes(1);
    // Back in the amount field, ready for another amount (not lost to <body>).
    expect(screen.getByLabelText("Valor do apoio")).toHaveFocus();
  });

  it("returns focus to the amount field after an error alert", async () => {
    renderPanel();
    const u = await support("abc");
    const alert = await expectAlert("Atenção", "Por favor, insira um valor válido!");
    await u.click(within(alert).getByRole("button", { name: "OK" }));
    expect(screen.getByLabelText("Valor do apoio")).toHaveFocus();
  });

  it("announces title and text joined by a space", async () => {
    supportApplied({ goalReached: false, ticketCode: null });
    renderPanel();
    await support("10");
    await screen.findByRole("alertdialog");
    expect(screen.getByText("Sucesso! Seu apoio de R$ 10,00 foi registrado. Obrigado!", { selector: "[aria-live]" })).toBeInTheDocument();
  });

  it.each([
    ["R$ 7,00", 700],
    ["10.5", 1050],
    ["1.234,56", 123456],
  ])("parses %s as %i cents", async (typed, cents) => {
    setQuery(api.users.me, { ...user, walletCents: 200000 });
    const mutation = supportApplied({ goalReached: false, ticketCode: null });
    renderPanel();
    await support(typed);
    expect(mutation).toHaveBeenCalledWith({ eventId: "ev1", amountCents: cents });
  });

  it("celebrates the goal with Meta Alcançada! and shows the ticket code", async () => {
    supportApplied({ goalReached: true, ticketCode: "ABC123XYZ" });
    renderPanel({ isTicketed: true });
    await support("20");
    const alert = await expectAlert("Meta Alcançada!", /atingiu a meta/);
    expect(within(alert).getByText("Seu ingresso: ABC123XYZ")).toBeInTheDocument();
  });

  it("after Meta Alcançada! focuses CHAT, or the heading when CHAT is not there yet", async () => {
    supportApplied({ goalReached: true, ticketCode: null });
    const first = renderPanel();
    let u = await support("20");
    await u.click(within(await screen.findByRole("alertdialog")).getByRole("button", { name: "OK" }));
    expect(screen.getByRole("heading", { name: "Apoie este evento" })).toHaveFocus();
    first.unmount();

    setQuery(api.supports.mine, { supported: true, amountCents: 1000 });
    renderPanel();
    u = await support("20");
    await u.click(within(await screen.findByRole("alertdialog")).getByRole("button", { name: "OK" }));
    expect(screen.getByRole("link", { name: "CHAT" })).toHaveFocus();
  });

  it("shows the server's message and title as they are", async () => {
    setMutation(api.supports.support, () => {
      throw new ConvexError({
        code: "SUPPORT_CLOSED",
        message: "A porcentagem minima foi batida! Os apoios foram desativados...",
      });
    });
    renderPanel();
    await support("10");
    await expectAlert("Atenção", "A porcentagem minima foi batida! Os apoios foram desativados...");
  });

  it("a rate limit refusal shows its wait and keeps the amount typed", async () => {
    setMutation(api.supports.support, () => {
      throw new ConvexError({ code: "RATE_LIMITED", message: "Muitas tentativas. Tente novamente em 3 segundos." });
    });
    renderPanel();
    const u = await support("10,50");
    const alert = await expectAlert("Atenção", "Muitas tentativas. Tente novamente em 3 segundos.");
    await u.click(within(alert).getByRole("button", { name: "OK" }));
    expect(screen.getByLabelText("Valor do apoio")).toHaveValue("10,50");
  });

  it("disables supporting once the event is concluded", () => {
    renderPanel({ supportClosedReason: "concluded" });
    expect(screen.getByText("A porcentagem minima foi batida! Os apoios foram desativados...")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "APOIE" })).toBeDisabled();
    expect(screen.getByLabelText("Valor do apoio")).toBeDisabled();
    expect(screen.getByLabelText("Valor do apoio")).not.toHaveAttribute("placeholder");
  });

  it.each([
    ["started", "Este evento já começou. Os apoios estão encerrados."],
    ["cancelled", "Este evento foi cancelado."],
  ] as const)("says why supporting is closed: %s", (reason, message) => {
    renderPanel({ supportClosedReason: reason });
    expect(screen.getByRole("status")).toHaveTextContent(message);
    expect(screen.getByRole("button", { name: "APOIE" })).toBeDisabled();
  });

  it("shows CHAT only after the person has supported", () => {
    const { unmount } = renderPanel();
    expect(screen.queryByRole("link", { name: "CHAT" })).not.toBeInTheDocument();
    unmount();
    setQuery(api.supports.mine, { supported: true, amountCents: 1000 });
    renderPanel();
    expect(screen.getByRole("link", { name: "CHAT" })).toHaveAttribute("href", "/chat/ev1");
  });
  it("says Processando seu apoio… while the event's queue applies the support, then Sucesso! once it is applied", async () => {
    const mutation = supportQueued({ status: "pending" });
    renderPanel();
    await support("10");
    expect(mutation).toHaveBeenCalledWith({ eventId: "ev1", amountCents: 1000 });
    expect(await screen.findByRole("button", { name: "Processando seu apoio…" })).toBeDisabled();
    expect(screen.queryByRole("alertdialog")).not.toBeInTheDocument();

    // The queue applies it: the watched outcome changes, as the server would push it.
    act(() =>
      setQuery(api.supports.outcome, () => ({ status: "applied" as const, amountCents: 1000, goalReached: false, ticketCode: null })),
    );
    await expectAlert("Sucesso!", /R\$ 10,00/);
  });

  it("tells that the event closed before the support came up, and that the money went back", async () => {
    supportQueued({ status: "refunded", closedReason: "concluded" });
    renderPanel();
    await support("10");
    await expectAlert("Atenção", "A porcentagem minima foi batida! Os apoios foram desativados...");
    expect(screen.getByText("Seu apoio de R$ 10,00 voltou para a sua carteira.")).toBeInTheDocument();
  });
});
