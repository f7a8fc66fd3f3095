import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it, vi } from "vitest";
import type { PaginatedQueryItem } from "convex/react";
import { fakeId, paginatedCalls, resetConvexFake, setPaginated } from "../../test/convex-fake";
import StatementModal, { STATEMENT_PAGE_SIZE } from "./statement-modal";
import { api } from "@convex/_generated/api";

vi.mock("convex/react", async () => (await import("../../test/convex-fake")).convexReactFake);

const at = new Date(2026, 10, 20, 14, 5).getTime();
const rows: PaginatedQueryItem<typeof api.wallet.statement>[] = [
  {
    _id: fakeId("walletEntries", "w3"),
    at,
    kind: "refund",
    description: "Estorno de Show de Rock",
    detail: null,
    amountCents: 1_000,
    balanceAfterCents: 5_000,
    eventName: "Show de Rock",
  },
  {
    _id: fakeId("walletEntries", "w2"),
    at,
    kind: "support",
    description: "Apoio a Show de Rock",
    detail: null,
    amountCents: -1_000,
    balanceAfterCents: 4_000,
    eventName: "Show de Rock",
  },
  {
    _id: fakeId("walletEntries", "w1"),
    at,
    kind: "welcome",
    description: "Bônus de boas-vindas",
    detail: null,
    amountCents: 5_000,
    balanceAfterCents: 5_000,
    eventName: null,
  },
];

beforeEach(() => resetConvexFake());

describe("StatementModal (Extrato)", () => {
  it("lists date, description, signed amount and balance after, in the server's order", () => {
    setPaginated(api.wallet.statement, rows);
    render(<StatementModal open onOpenChange={vi.fn()} />);
    const dialog = screen.getByRole("dialog", { name: "Extrato" });
    const items = within(within(dialog).getByRole("list", { name: "Movimentações da carteira" })).getAllByRole("listitem");
    expect(items.map((item) => item.textContent)).toEqual([
      "Estorno de Show de Rock20/11/2026 14:05+R$ 10,00Saldo: R$ 50,00",
      "Apoio a Show de Rock20/11/2026 14:05−R$ 10,00Saldo: R$ 40,00",
      "Bônus de boas-vindas20/11/2026 14:05+R$ 50,00Saldo: R$ 50,00",
    ]);
    expect(screen.queryByRole("button", { name: "Carregar mais" })).not.toBeInTheDocument();
  });

  it("offers Carregar mais while there are older entries", async () => {
    const loadMore = setPaginated(api.wallet.statement, rows, "CanLoadMore");
    render(<StatementModal open onOpenChange={vi.fn()} />);
    await userEvent.setup().click(screen.getByRole("button", { name: "Carregar mais" }));
    expect(loadMore).toHaveBeenCalledWith(STATEMENT_PAGE_SIZE);
    expect(paginatedCalls.at(-1)).toMatchObject({ name: "wallet:statement", args: {} });
  });

  it("says so when there is nothing yet", () => {
    setPaginated(api.wallet.statement, []);
    render(<StatementModal open onOpenChange={vi.fn()} />);
    expect(screen.getByText("Nenhuma movimentação ainda.")).toBeInTheDocument();
  });
});
