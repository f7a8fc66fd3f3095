import { render, screen } from "@testing-library/react";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { api } from "@convex/_generated/api";
import { resetConvexFake, setQuery } from "../../test/convex-fake";
import { AttendeeList } from "./attendee-list";

vi.mock("convex/react", async () => (await import("../../test/convex-fake")).convexReactFake);

beforeEach(() => resetConvexFake());

describe("Lista de participantes", () => {
  it("offers the download for an event whose tickets come from supports (no types to count)", async () => {
    setQuery(api.attendees.summary, []);
    render(<AttendeeList eventId="ev1" eventName="Show" />);
    expect(await screen.findByRole("button", { name: "Baixar lista (CSV)" })).toBeEnabled();
    expect(screen.queryByRole("table")).toBeNull();
  });
});
