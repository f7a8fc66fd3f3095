import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { fakeId, resetConvexFake, setMutation, setPaginated } from "../../test/convex-fake";
import { ChatRoom } from "./chat-room";
import { api } from "@convex/_generated/api";

vi.mock("convex/react", async () => (await import("../../test/convex-fake")).convexReactFake);
// The real formatters, counted: a message already shown is not formatted again.
const formatted = vi.hoisted(() => ({ count: 0 }));
vi.mock("../../lib/dates", async (importOriginal) => {
  const dates = await importOriginal<typeof import("../../lib/dates")>();
  const counted =
    <A extends unknown[]>(format: (...args: A) => string) =>
    (...args: A) => {
      formatted.count++;
      return format(...args);
    };
  return { ...dates, formatTime: counted(dates.formatTime), formatDateTime: counted(dates.formatDateTime) };
});

const t0 = new Date(2026, 0, 10, 14, 0).getTime();
const msg = (id: string, minutes: number, authorName: string, body: string, isMine = false) => ({
  _id: fakeId("messages", id),
  _creationTime: t0 + minutes * 60_000,
  authorName,
  body,
  isMine,
});

beforeEach(() => resetConvexFake());

describe("ChatRoom", () => {
  it("shows every loaded page in time order, own messages marked, and loads older ones", async () => {
    const user = userEvent.setup();
    // Newest page first, each page oldest first — as chat:list returns them.
    const loadMore = setPaginated(
      api.chat.list,
      [
        msg("c", 3, "Bruno", "terceira"),
        msg("d", 4, "Ana", "quarta", true),
        msg("a", 1, "Bruno", "primeira"),
        msg("b", 2, "Ana", "segunda", true),
      ],
      "CanLoadMore",
    );
    render(<ChatRoom eventId="ev1" />);
    const list = screen.getByRole("list", { name: "Mensagens" });
    const bodies = within(list)
      .getAllByRole("listitem")
      .filter((li) => li.classList.contains("message"))
      .map((li) => li.querySelector(".message__body")?.textContent);
    expect(bodies).toEqual(["primeira", "segunda", "terceira", "quarta"]);
    expect(screen.getByText("quarta").closest("li")).toHaveClass("message--mine");
    expect(screen.getByText("terceira").closest("li")).not.toHaveClass("message--mine");
    expect(screen.getAllByText("Bruno")).toHaveLength(2);
    await user.click(screen.getByRole("button", { name: "Carregar mensagens anteriores" }));
    expect(loadMore).toHaveBeenCalled();
  });

  it("sends with Enter and with Enviar, trimmed, and never sends blanks", async () => {
    const user = userEvent.setup();
    setPaginated(api.chat.list, []);
    const send = setMutation(api.chat.send, () => fakeId("messages", "m1"));
    render(<ChatRoom eventId="ev1" />);
    expect(screen.getByText(/Nenhuma mensagem ainda/)).toBeInTheDocument();
    const input = screen.getByPlaceholderText("Digite sua mensagem");
    expect(input).toBe(screen.getByLabelText("Mensagem"));
    await user.type(input, "   {Enter}");
    await user.click(screen.getByRole("button", { name: "Enviar" }));
    expect(send).not.toHaveBeenCalled();
    await user.clear(input);
    await user.type(input, "  Olá, pessoal!  {Enter}");
    expect(send).toHaveBeenCalledWith({ eventId: "ev1", body: "Olá, pessoal!" });
    expect(input).toHaveValue("");
    await user.type(input, "Até lá");
    await user.click(screen.getByRole("button", { name: "Enviar" }));
    expect(send).toHaveBeenLastCalledWith({ eventId: "ev1", body: "Até lá" });
  });

  it("does not format the messages already shown again while someone types", async () => {
    const user = userEvent.setup();
    setPaginated(api.chat.list, [msg("a", 1, "Bruno", "primeira"), msg("b", 2, "Ana", "segunda", true)]);
    render(<ChatRoom eventId="ev1" />);
    expect(screen.getByText("segunda")).toBeInTheDocument();
    const before = formatted.count;
    await user.type(screen.getByPlaceholderText("Digite sua mensagem"), "Oi, tudo bem?");
    expect(screen.getByPlaceholderText("Digite sua mensagem")).toHaveValue("Oi, tudo bem?");
    expect(formatted.count).toBe(before);
  });
});
