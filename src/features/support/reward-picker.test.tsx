import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MemoryRouter } from "react-router-dom";
import type { FunctionReturnType } from "convex/server";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { api } from "@convex/_generated/api";
import type { Id } from "@convex/_generated/dataModel";
import { fakeId, resetConvexFake, setMutation, setQuery } from "../../test/convex-fake";
import { SupportPanel, type SupportableEvent } from "./support-panel";
import { useSupport } from "./use-support";

vi.mock("convex/react", async () => (await import("../../test/convex-fake")).convexReactFake);

type Reward = FunctionReturnType<typeof api.rewards.list>[number];

const event: SupportableEvent = { _id: "ev1" as Id<"events">, minSupportCents: 500, supportClosedReason: null, isTicketed: false };
const reward = (overrides: Partial<Reward>): Reward => ({
  _id: fakeId("rewards", "r1"),
  title: "Camiseta",
  description: "",
  minimumCents: 3_000,
  quantity: 2,
  deliveryMonth: null,
  question: { label: "Tamanho da camiseta", choices: ["P", "M"] },
  chosen: false,
  taken: 1,
  remaining: 1,
  soldOut: false,
  ...overrides,
});

function Panel() {
  const support = useSupport("ev1");
  return <SupportPanel event={event} chatPath="/chat/ev1" support={support} />;
}

beforeEach(() => {
  resetConvexFake();
  setQuery(api.users.me, { _id: fakeId("users", "u1"), name: "Ana", menuName: "Ana", email: null, image: null, walletCents: 5_000 });
  setQuery(api.supports.mine, { supported: false, amountCents: 0 });
  setQuery(api.rewards.list, [
    reward({}),
    reward({ _id: fakeId("rewards", "r2"), title: "Pôster", minimumCents: 1_000, quantity: null, remaining: null, question: null }),
    reward({ _id: fakeId("rewards", "r3"), title: "Nome no palco", remaining: 0, soldOut: true, question: null }),
  ]);
});

describe("supporting with a reward", () => {
  it("fills in the minimum, asks the question, refuses without an answer, and sends the choice", async () => {
    const send = setMutation(api.supports.support, () => ({ supportId: fakeId("queuedSupports", "q1"), queued: true }));
    setQuery(api.supports.outcome, null);
    const user = userEvent.setup();
    render(
      <MemoryRouter>
        <Panel />
      </MemoryRouter>,
    );
    const picker = screen.getByRole("group", { name: "Recompensa" });
    expect(within(picker).getByRole("radio", { name: "Sem recompensa" })).toBeChecked();
    expect(within(picker).getByRole("radio", { name: /Nome no palco .* Esgotada/ })).toBeDisabled();
    await user.click(within(picker).getByRole("radio", { name: /^Camiseta · a partir de R\$ 30,00 · Restam 1$/ }));
    expect(screen.getByLabelText("Valor do apoio")).toHaveValue("30,00");
    expect(screen.getByText(/Ao apoiar, o organizador deste evento recebe seu nome/)).toBeInTheDocument();

    await user.click(screen.getByRole("button", { name: "APOIE" }));
    const alert = await screen.findByRole("alertdialog");
    expect(within(alert).getByText("Responda à pergunta da recompensa.")).toBeInTheDocument();
    expect(send).not.toHaveBeenCalled();
    await user.click(within(alert).getByRole("button", { name: "OK" }));

    await user.selectOptions(within(picker).getByLabelText("Tamanho da camiseta"), "M");
    await user.click(screen.getByRole("button", { name: "APOIE" }));
    expect(send).toHaveBeenCalledWith({ eventId: "ev1", amountCents: 3_000, rewardId: "r1", answer: "M" });
  });

  it("refuses an amount below the reward's minimum before calling the server", async () => {
    const send = setMutation(api.supports.support, () => ({ supportId: fakeId("queuedSupports", "q1"), queued: true }));
    const user = userEvent.setup();
    render(
      <MemoryRouter>
        <Panel />
      </MemoryRouter>,
    );
    await user.click(screen.getByRole("radio", { name: /^Pôster/ }));
    await user.clear(screen.getByLabelText("Valor do apoio"));
    await user.type(screen.getByLabelText("Valor do apoio"), "9,99");
    await user.click(screen.getByRole("button", { name: "APOIE" }));
    expect(await screen.findByText("O valor mínimo desta recompensa é R$ 10,00.")).toBeInTheDocument();
    expect(send).not.toHaveBeenCalled();
  });
});
