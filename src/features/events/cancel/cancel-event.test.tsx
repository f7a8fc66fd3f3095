import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { ConvexError } from "convex/values";
import type { Id } from "@convex/_generated/dataModel";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { fakeId, resetConvexFake, setMutation, setQuery } from "../../../test/convex-fake";
import { CancelEvent, type CancellableEvent } from "./cancel-event";
import { api } from "@convex/_generated/api";

vi.mock("convex/react", async () => (await import("../../../test/convex-fake")).convexReactFake);

const event: CancellableEvent = { _id: "ev1" as Id<"events">, creatorId: "u1" as Id<"users">, settlement: null };
const me = (id: string) => ({ _id: fakeId("users", id), name: "Ana", menuName: "Ana", email: null, image: null, walletCents: 5_000 });

beforeEach(() => resetConvexFake());

describe("CancelEvent", () => {
  it("is offered only to the creator of an event not yet settled", () => {
    setQuery(api.users.me, me("u2"));
    const { unmount } = render(<CancelEvent event={event} />);
    expect(screen.queryByRole("button", { name: "Cancelar evento" })).not.toBeInTheDocument();
    unmount();
    setQuery(api.users.me, me("u1"));
    const again = render(<CancelEvent event={{ ...event, settlement: "cancelled" }} />);
    expect(screen.queryByRole("button", { name: "Cancelar evento" })).not.toBeInTheDocument();
    again.unmount();
    render(<CancelEvent event={event} />);
    expect(screen.getByRole("button", { name: "Cancelar evento" })).toBeInTheDocument();
  });

  it("asks first, with the product's texts; Manter evento changes nothing", async () => {
    const user = userEvent.setup();
    setQuery(api.users.me, me("u1"));
    const cancel = setMutation(api.events.cancel, () => null);
    render(<CancelEvent event={event} />);
    await user.click(screen.getByRole("button", { name: "Cancelar evento" }));
    const dialog = screen.getByRole("alertdialog", { name: "Cancelar evento" });
    expect(dialog).toHaveAccessibleDescription("Os apoios serão devolvidos aos apoiadores.");
    expect(within(dialog).getByRole("button", { name: "Manter evento" })).toHaveFocus();
    await user.click(within(dialog).getByRole("button", { name: "Manter evento" }));
    expect(cancel).not.toHaveBeenCalled();

    await user.click(screen.getByRole("button", { name: "Cancelar evento" }));
    await user.click(within(screen.getByRole("alertdialog")).getByRole("button", { name: "Cancelar evento" }));
    expect(cancel).toHaveBeenCalledWith({ id: "ev1" });
  });

  it("shows the server's refusal", async () => {
    const user = userEvent.setup();
    setQuery(api.users.me, me("u1"));
    setMutation(api.events.cancel, () => {
      throw new ConvexError({ code: "EVENT_STARTED", message: "Este evento já começou e não pode mais ser cancelado." });
    });
    render(<CancelEvent event={event} />);
    await user.click(screen.getByRole("button", { name: "Cancelar evento" }));
    await user.click(within(screen.getByRole("alertdialog")).getByRole("button", { name: "Cancelar evento" }));
    expect(await screen.findByText("Este evento já começou e não pode mais ser cancelado.")).toBeInTheDocument();
  });
});
