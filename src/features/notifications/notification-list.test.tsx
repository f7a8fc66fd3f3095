import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MemoryRouter } from "react-router-dom";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { api } from "@convex/_generated/api";
import { fakeId, resetConvexFake, setMutation, setPaginated } from "../../test/convex-fake";
import { BellButton, bellLabel } from "./bell-button";
import { NotificationList } from "./notification-list";

vi.mock("convex/react", async () => (await import("../../test/convex-fake")).convexReactFake);

beforeEach(() => resetConvexFake());

const row = (id: string, text: string, unread: boolean, target: "chat" | "event" = "event") => ({
  _id: fakeId("notifications", id),
  kind: "cancelled" as const,
  at: Date.UTC(2026, 10, 25, 15, 0),
  unread,
  text,
  eventId: fakeId("events", "ev1"),
  target,
});

describe("the bell", () => {
  it("says how many are unread in its name, and shows the number", () => {
    expect(bellLabel(0)).toBe("Notificações");
    expect(bellLabel(1)).toBe("Notificações, 1 não lida");
    render(<BellButton unread={3} />);
    const bell = screen.getByRole("button", { name: "Notificações, 3 não lidas" });
    expect(bell).toHaveTextContent("3");
  });
});

describe("NotificationList", () => {
  it("lists newest first, marks one read when opened, and all with the button", async () => {
    setPaginated(api.notifications.list, [
      row("n2", "Show foi cancelado. R$ 20,00 devolvidos à sua carteira.", true),
      row("n1", "2 novas mensagens no chat de Show", false, "chat"),
    ]);
    const markRead = setMutation(api.notifications.markRead, () => null);
    const markAllRead = setMutation(api.notifications.markAllRead, () => null);
    const onNavigate = vi.fn();
    render(
      <MemoryRouter>
        <NotificationList unread={1} hrefOf={(target, id) => `/${target}/${id}`} onNavigate={onNavigate} />
      </MemoryRouter>,
    );
    const links = screen.getAllByRole("link");
    expect(links[0]).toHaveAccessibleName(/R\$ 20,00 devolvidos à sua carteira\..*\(não lida\)/);
    expect(links[0]).toHaveAttribute("href", "/event/ev1");
    expect(links[1]).toHaveAttribute("href", "/chat/ev1");

    await userEvent.click(links[0]!);
    expect(markRead).toHaveBeenCalledWith({ id: "n2" });
    expect(onNavigate).toHaveBeenCalled();
    await userEvent.click(screen.getByRole("button", { name: "Marcar todas como lidas" }));
    expect(markAllRead).toHaveBeenCalled();
  });

  it("has nothing to mark when all are read", () => {
    setPaginated(api.notifications.list, []);
    render(
      <MemoryRouter>
        <NotificationList unread={0} hrefOf={(target, id) => `/${target}/${id}`} onNavigate={() => {}} />
      </MemoryRouter>,
    );
    expect(screen.getByText("Nenhuma notificação por enquanto.")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Marcar todas como lidas" })).toBeDisabled();
  });
});
