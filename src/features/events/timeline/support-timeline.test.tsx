import { render, screen, within } from "@testing-library/react";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { resetConvexFake, setQuery } from "../../../test/convex-fake";
import { SupportTimeline } from "./support-timeline";
import { api } from "@convex/_generated/api";

vi.mock("convex/react", async () => (await import("../../../test/convex-fake")).convexReactFake);

const at = (day: number, hour: number) => new Date(2026, 10, day, hour, 0).getTime();

beforeEach(() => resetConvexFake());

describe("Evolução dos apoios", () => {
  it("summarises the curve and lists its points in a table for screen readers", async () => {
    setQuery(api.events.timeline, {
      goalCents: 10_000,
      raisedCents: 12_500,
      refundedCents: 0,
      percent: 125,
      points: [
        { at: at(10, 9), raisedCents: 0 },
        { at: at(11, 14), raisedCents: 4_000 },
        { at: at(12, 20), raisedCents: 10_000 },
        { at: at(13, 8), raisedCents: 12_500 },
      ],
    });
    render(<SupportTimeline eventId="ev1" />);
    const section = screen.getByRole("region", { name: "Evolução dos apoios" });
    expect(
      await within(section).findByText(
        "R$ 125,00 arrecadados de R$ 100,00 (125% da meta) entre 10/11/2026 09:00 e 13/11/2026 08:00. A meta foi atingida em 12/11/2026 20:00.",
      ),
    ).toBeInTheDocument();
    const table = within(section).getByRole("table", { name: "Evolução dos apoios: total arrecadado ao longo do tempo" });
    const rows = within(table)
      .getAllByRole("row")
      .map((row) => row.textContent);
    expect(rows).toEqual([
      "Data e horaTotal arrecadado",
      "10/11/2026 09:00R$ 0,00",
      "11/11/2026 14:00R$ 40,00",
      "12/11/2026 20:00R$ 100,00",
      "13/11/2026 08:00R$ 125,00",
    ]);
  });

  it("gives seconds when the supports are seconds apart, so their times differ", async () => {
    const second = (s: number) => new Date(2026, 10, 25, 19, 30, s).getTime();
    setQuery(api.events.timeline, {
      goalCents: 10_000,
      raisedCents: 3_000,
      refundedCents: 0,
      percent: 30,
      points: [
        { at: second(5), raisedCents: 0 },
        { at: second(20), raisedCents: 1_000 },
        { at: second(41), raisedCents: 3_000 },
      ],
    });
    render(<SupportTimeline eventId="ev1" />);
    expect(
      await screen.findByText("R$ 30,00 arrecadados de R$ 100,00 (30% da meta) entre 25/11/2026 19:30:05 e 25/11/2026 19:30:41."),
    ).toBeInTheDocument();
    const rows = screen.getAllByRole("row").map((row) => row.textContent);
    expect(rows.slice(1)).toEqual(["25/11/2026 19:30:05R$ 0,00", "25/11/2026 19:30:20R$ 10,00", "25/11/2026 19:30:41R$ 30,00"]);
  });

  it("says when nobody has supported yet", async () => {
    setQuery(api.events.timeline, {
      goalCents: 5_000,
      raisedCents: 0,
      refundedCents: 0,
      percent: 0,
      points: [{ at: at(10, 9), raisedCents: 0 }],
    });
    render(<SupportTimeline eventId="ev1" />);
    expect(await screen.findByText("Nenhum apoio ainda. A meta é R$ 50,00.")).toBeInTheDocument();
  });

  it("draws a refund as the total going back down, and says how much went back", async () => {
    setQuery(api.events.timeline, {
      goalCents: 10_000,
      raisedCents: 4_000,
      refundedCents: 4_000,
      percent: 40,
      points: [
        { at: at(10, 9), raisedCents: 0 },
        { at: at(11, 14), raisedCents: 4_000 },
        { at: at(12, 20), raisedCents: 0 },
      ],
    });
    render(<SupportTimeline eventId="ev1" />);
    expect(
      await screen.findByText(
        "R$ 40,00 arrecadados de R$ 100,00 (40% da meta) entre 10/11/2026 09:00 e 12/11/2026 20:00. R$ 40,00 devolvidos aos apoiadores.",
      ),
    ).toBeInTheDocument();
    const rows = screen.getAllByRole("row").map((row) => row.textContent);
    expect(rows.at(-1)).toBe("12/11/2026 20:00R$ 0,00");
  });
});
