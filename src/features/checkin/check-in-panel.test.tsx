import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { ConvexError } from "convex/values";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { api } from "@convex/_generated/api";
import { resetConvexFake, setMutation, setQuery } from "../../test/convex-fake";
import { CheckInPanel } from "./check-in-panel";

vi.mock("convex/react", async () => (await import("../../test/convex-fake")).convexReactFake);

beforeEach(() => {
  resetConvexFake();
  setQuery(api.tickets.checkInStats, { issued: 40, used: 12 });
});

describe("the door screen", () => {
  it("shows the limit's refusal and keeps the typed code, so the organizer can retry it", async () => {
    const user = userEvent.setup();
    setMutation(api.tickets.checkIn, () => {
      throw new ConvexError({ code: "RATE_LIMITED", message: "Muitas tentativas. Tente novamente em 2 segundos." });
    });
    render(<CheckInPanel eventId="ev1" />);
    await user.type(screen.getByLabelText("Código do ingresso"), "ABC123XYZ");
    await user.click(screen.getByRole("button", { name: "Validar" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("Muitas tentativas. Tente novamente em 2 segundos.");
    expect(screen.getByLabelText("Código do ingresso")).toHaveValue("ABC123XYZ");
  });

  it("clears the code once the ticket is let in", async () => {
    const user = userEvent.setup();
    const checkIn = setMutation(api.tickets.checkIn, () => ({ holderName: "Ana", code: "ABC123XYZ", kind: null, note: null }));
    render(<CheckInPanel eventId="ev1" />);
    await user.type(screen.getByLabelText("Código do ingresso"), "ABC123XYZ");
    await user.click(screen.getByRole("button", { name: "Validar" }));
    expect(await screen.findByText("Entrada liberada: Ana")).toBeInTheDocument();
    expect(checkIn).toHaveBeenCalledWith({ eventId: "ev1", code: "ABC123XYZ" });
    expect(screen.getByLabelText("Código do ingresso")).toHaveValue("");
  });

  it("tells the door to check the document of a meia-entrada ticket", async () => {
    const user = userEvent.setup();
    setMutation(api.tickets.checkIn, () => ({
      holderName: "Bia",
      code: "MEIA12345",
      kind: "Pista · Meia-entrada (estudante)",
      note: "Meia-entrada: conferir documento",
    }));
    render(<CheckInPanel eventId="ev1" />);
    await user.type(screen.getByLabelText("Código do ingresso"), "MEIA12345");
    await user.click(screen.getByRole("button", { name: "Validar" }));
    const result = (await screen.findByText(/Entrada liberada: Bia/)).closest("p")!;
    expect(result).toHaveTextContent("Entrada liberada: Bia · Pista · Meia-entrada (estudante)");
    expect(result).toHaveTextContent("Meia-entrada: conferir documento");
  });
});
