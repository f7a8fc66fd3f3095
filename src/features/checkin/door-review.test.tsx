import { render, screen } from "@testing-library/react";
import { beforeEach, expect, it, vi } from "vitest";
import { api } from "@convex/_generated/api";
import { fakeId, resetConvexFake, setQuery } from "../../test/convex-fake";
import { formatTime } from "../../lib/dates";
import { DoorReview } from "./door-review";

vi.mock("convex/react", async () => (await import("../../test/convex-fake")).convexReactFake);

beforeEach(() => resetConvexFake());

it("names the first door and its time for a duplicate, and says why a refused ticket was refused", () => {
  const firstAt = Date.parse("2026-12-05T22:01:00Z");
  const row = { holderName: "Ana", typeLabel: "Pista · Inteira", scannedAt: firstAt + 60_000, firstDoor: null, firstAt: null };
  setQuery(api.door.review, [
    { ...row, _id: fakeId("doorScans", "r1"), outcome: "duplicate", firstDoor: "Portão B", firstAt },
    { ...row, _id: fakeId("doorScans", "r2"), holderName: "Bia", outcome: "transferred" },
  ]);
  render(<DoorReview sessionId="s1" />);
  const items = screen.getAllByRole("listitem");
  expect(items[0]).toHaveTextContent(`Ana · Pista · Inteira · entrou às ${formatTime(firstAt + 60_000)}`);
  expect(items[0]).toHaveTextContent(`Já utilizado às ${formatTime(firstAt)} na porta Portão B`);
  expect(items[1]).toHaveTextContent("Ingresso transferido.");
});
