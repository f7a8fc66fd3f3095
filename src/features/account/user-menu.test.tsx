import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import UserMenu from "./user-menu";

const LONG_NAME = "Maria Aparecida dos Santos Oliveira e Albuquerque Cavalcanti"; // 60 characters

const handlers = {
  onOpenMyEvents: vi.fn(),
  onCreateEvent: vi.fn(),
  onOpenTickets: vi.fn(),
  onOpenMySupports: vi.fn(),
  onOpenStatement: vi.fn(),
  onAddFunds: vi.fn(),
  onWithdraw: vi.fn(),
  onSignOut: vi.fn(),
};

describe("UserMenu", () => {
  it("keeps a long name whole for screen readers in a menu bounded by the room on screen", async () => {
    expect(LONG_NAME).toHaveLength(60);
    const user = userEvent.setup();
    render(<UserMenu user={{ name: LONG_NAME, menuName: LONG_NAME, email: null, image: null, walletCents: 5000 }} {...handlers} />);
    await user.click(screen.getByRole("button", { name: "Abrir menu do usuário" }));
    const menu = await screen.findByRole("menu");
    // The whole name is in the accessibility tree: nothing cut off, no "…" in the text.
    expect(within(menu).getByText(LONG_NAME)).toBeInTheDocument();
    // Radix measures the room left on screen; the menu may never be wider than that.
    expect(menu.style.maxWidth).toBe("min(320px, var(--radix-dropdown-menu-content-available-width))");
  });

  it("offers Adicionar saldo and Sacar, each opening its dialog", async () => {
    const user = userEvent.setup();
    render(<UserMenu user={{ name: "Ana", menuName: "Ana", email: null, image: null, walletCents: 5000 }} {...handlers} />);
    await user.click(screen.getByRole("button", { name: "Abrir menu do usuário" }));
    await user.click(await screen.findByRole("menuitem", { name: "Adicionar saldo" }));
    expect(handlers.onAddFunds).toHaveBeenCalledTimes(1);
    await user.click(screen.getByRole("button", { name: "Abrir menu do usuário" }));
    await user.click(await screen.findByRole("menuitem", { name: "Sacar" }));
    expect(handlers.onWithdraw).toHaveBeenCalledTimes(1);
  });

  it("offers Meus apoios, which opens its dialog", async () => {
    const user = userEvent.setup();
    render(<UserMenu user={{ name: "Ana", menuName: "Ana", email: null, image: null, walletCents: 5000 }} {...handlers} />);
    await user.click(screen.getByRole("button", { name: "Abrir menu do usuário" }));
    await user.click(await screen.findByRole("menuitem", { name: "Meus apoios" }));
    expect(handlers.onOpenMySupports).toHaveBeenCalledTimes(1);
  });
});
