import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { OpenAccountPageContext } from "./account-pages";
import UserMenu, { type MenuUser } from "./user-menu";

const LONG_NAME = "Maria Aparecida dos Santos Oliveira e Albuquerque Cavalcanti"; // 60 characters

const openAccountPage = vi.fn();
const ANA: MenuUser = { name: "Ana", menuName: "Ana", email: null, image: null, walletCents: 5000 };

function renderMenu(user: MenuUser) {
  return render(
    <OpenAccountPageContext.Provider value={openAccountPage}>
      <UserMenu user={user} onSignOut={vi.fn()} />
    </OpenAccountPageContext.Provider>,
  );
}

describe("UserMenu", () => {
  it("keeps a long name whole for screen readers in a menu bounded by the room on screen", async () => {
    expect(LONG_NAME).toHaveLength(60);
    const user = userEvent.setup();
    renderMenu({ ...ANA, name: LONG_NAME, menuName: LONG_NAME });
    await user.click(screen.getByRole("button", { name: "Abrir menu do usuário" }));
    const menu = await screen.findByRole("menu");
    // The whole name is in the accessibility tree: nothing cut off, no "…" in the text.
    expect(within(menu).getByText(LONG_NAME)).toBeInTheDocument();
    // Radix measures the room left on screen; the menu may never be wider than that.
    expect(menu.style.maxWidth).toBe("min(320px, var(--radix-dropdown-menu-content-available-width))");
  });

  it("offers Adicionar saldo and Sacar, each opening its dialog", async () => {
    const user = userEvent.setup();
    renderMenu(ANA);
    await user.click(screen.getByRole("button", { name: "Abrir menu do usuário" }));
    await user.click(await screen.findByRole("menuitem", { name: "Adicionar saldo" }));
    expect(openAccountPage).toHaveBeenLastCalledWith("addFunds");
    await user.click(screen.getByRole("button", { name: "Abrir menu do usuário" }));
    await user.click(await screen.findByRole("menuitem", { name: "Sacar" }));
    expect(openAccountPage).toHaveBeenLastCalledWith("withdraw");
  });

  it("offers Meus apoios, which opens its dialog", async () => {
    const user = userEvent.setup();
    renderMenu(ANA);
    await user.click(screen.getByRole("button", { name: "Abrir menu do usuário" }));
    await user.click(await screen.findByRole("menuitem", { name: "Meus apoios" }));
    expect(openAccountPage).toHaveBeenLastCalledWith("mySupports");
  });

  it("opens each of the account's pages from its own item, once", async () => {
    const user = userEvent.setup();
    renderMenu(ANA);
    const pages = {
      "Meus Eventos": "myEvents",
      "Criar Evento": "createEvent",
      "Meus Ingressos": "tickets",
      "Meus apoios": "mySupports",
      Extrato: "statement",
      "Adicionar saldo": "addFunds",
      Sacar: "withdraw",
      "Meus dados": "myData",
    };
    for (const [label, page] of Object.entries(pages)) {
      openAccountPage.mockClear();
      await user.click(screen.getByRole("button", { name: "Abrir menu do usuário" }));
      await user.click(await screen.findByRole("menuitem", { name: label }));
      expect(openAccountPage.mock.calls).toEqual([[page]]);
    }
  });
});
