import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { fakeId, resetConvexFake, setAuth, setQuery } from "../../test/convex-fake";
import { AccountArea } from "./account-area";
import { OpenAccountPageContext } from "./account-pages";
import { api } from "@convex/_generated/api";

vi.mock("convex/react", async () => (await import("../../test/convex-fake")).convexReactFake);
const signIn = vi.fn(async () => ({ signingIn: true }));
const signOut = vi.fn(async () => {});
vi.mock("@convex-dev/auth/react", () => ({ useAuthActions: () => ({ signIn, signOut }) }));

const openAccountPage = vi.fn();
const accountArea = () => (
  <OpenAccountPageContext.Provider value={openAccountPage}>
    <AccountArea />
  </OpenAccountPageContext.Provider>
);

beforeEach(() => {
  resetConvexFake();
  vi.clearAllMocks();
  setQuery(api.users.me, null);
});

describe("AccountArea", () => {
  it("Entrar com Google asks Convex Auth to bring the person back to the page they are on", async () => {
    setQuery(api.auth.providers, { google: true, local: false, email: false });
    window.history.replaceState(null, "", "/event/ev1?de=hoje");
    render(accountArea());
    await userEvent.setup().click(screen.getByRole("button", { name: "Entrar com Google" }));
    expect(signIn).toHaveBeenCalledWith("google", { redirectTo: "/event/ev1?de=hoje" });
    window.history.replaceState(null, "", "/");
  });

  it("shows only the configured sign-in buttons", () => {
    setQuery(api.auth.providers, { google: true, local: false, email: false });
    const { unmount } = render(accountArea());
    expect(screen.getByRole("button", { name: "Entrar com Google" })).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Entrar (modo local)" })).not.toBeInTheDocument();
    unmount();
    setQuery(api.auth.providers, { google: false, local: true, email: false });
    render(accountArea());
    expect(screen.queryByRole("button", { name: "Entrar com Google" })).not.toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Entrar (modo local)" })).toBeInTheDocument();
  });

  it("signs in locally with a name and an e-mail", async () => {
    const user = userEvent.setup();
    setQuery(api.auth.providers, { google: false, local: true, email: false });
    render(accountArea());
    await user.click(screen.getByRole("button", { name: "Entrar (modo local)" }));
    const dialog = await screen.findByRole("dialog", { name: "Entrar (modo local)" });
    await waitFor(() => expect(within(dialog).getByLabelText("Nome")).toHaveFocus());
    await user.type(within(dialog).getByLabelText("Nome"), "Ana Souza");
    await user.type(within(dialog).getByLabelText("E-mail"), "ana@example.com");
    await user.click(within(dialog).getByRole("button", { name: "Entrar" }));
    expect(signIn).toHaveBeenCalledWith("local", { name: "Ana Souza", email: "ana@example.com" });
  });

  it("opens the avatar menu with name, wallet and actions when signed in", async () => {
    const user = userEvent.setup();
    setAuth({ isAuthenticated: true });
    setQuery(api.auth.providers, { google: true, local: true, email: false });
    setQuery(api.users.me, {
      _id: fakeId("users", "u1"),
      name: null,
      menuName: "Usuário",
      email: "x@example.com",
      image: null,
      walletCents: 5000,
    });
    render(accountArea());
    expect(screen.queryByRole("button", { name: "Entrar com Google" })).not.toBeInTheDocument();
    const avatar = await screen.findByRole("button", { name: "Abrir menu do usuário" });
    avatar.focus();
    await user.keyboard("{Enter}");
    const menu = await screen.findByRole("menu");
    expect(within(menu).getByText("Usuário")).toBeInTheDocument();
    expect(within(menu).getByText("Saldo: R$ 50,00")).toBeInTheDocument();
    const items = within(menu)
      .getAllByRole("menuitem")
      .map((item) => item.textContent);
    expect(items).toEqual([
      "Meus Eventos",
      "Criar Evento",
      "Meus Ingressos",
      "Meus apoios",
      "Extrato",
      "Adicionar saldo",
      "Sacar",
      "Notificações por e-mail",
      "Meus dados",
      "Sair",
    ]);
    await user.click(within(menu).getByRole("menuitem", { name: "Criar Evento" }));
    expect(openAccountPage).toHaveBeenCalledWith("createEvent");
  });

  it("puts focus on the avatar after a local sign-in, and on the sign-in button after Sair", async () => {
    const user = userEvent.setup();
    const me = {
      _id: fakeId("users", "u1"),
      name: "Ana Souza",
      menuName: "Ana Souza",
      email: "ana@example.com",
      image: null,
      walletCents: 5000,
    };
    setQuery(api.auth.providers, { google: false, local: true, email: false });
    const { rerender } = render(accountArea());
    await user.click(screen.getByRole("button", { name: "Entrar (modo local)" }));
    const dialog = await screen.findByRole("dialog", { name: "Entrar (modo local)" });
    await user.type(within(dialog).getByLabelText("Nome"), "Ana Souza");
    await user.type(within(dialog).getByLabelText("E-mail"), "ana@example.com");
    await user.click(within(dialog).getByRole("button", { name: "Entrar" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());

    // The session arrives: the sign-in buttons give way to the avatar.
    setAuth({ isAuthenticated: true });
    setQuery(api.users.me, me);
    rerender(accountArea());
    const avatar = await screen.findByRole("button", { name: "Abrir menu do usuário" });
    await waitFor(() => expect(avatar).toHaveFocus());

    await user.keyboard("{Enter}");
    await user.click(within(await screen.findByRole("menu")).getByRole("menuitem", { name: "Sair" }));
    expect(signOut).toHaveBeenCalled();
    setAuth({ isAuthenticated: false });
    setQuery(api.users.me, null);
    // The providers query was unsubscribed while signed in, so it loads again first.
    setQuery(api.auth.providers, undefined);
    rerender(accountArea());
    setQuery(api.auth.providers, { google: false, local: true, email: false });
    rerender(accountArea());
    await waitFor(() => expect(screen.getByRole("button", { name: "Entrar (modo local)" })).toHaveFocus());
  });
});
