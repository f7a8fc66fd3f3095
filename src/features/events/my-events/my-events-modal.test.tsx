import { render, screen, within } from "@testing-library/react";
import { beforeEach, describe, expect, it, vi } from "vitest";
import type { FunctionReturnType } from "convex/server";
import { fakeId, resetConvexFake, setQuery } from "../../../test/convex-fake";
import MyEventsModal from "./my-events-modal";
import { api } from "@convex/_generated/api";

vi.mock("convex/react", async () => (await import("../../../test/convex-fake")).convexReactFake);

const own: FunctionReturnType<typeof api.events.mine>[number] = {
  _id: fakeId("events", "e1"),
  name: "Hackathon",
  category: "Tecnologia",
  startsAt: new Date(2026, 5, 1, 9, 0).getTime(),
  description: null,
  venueName: null,
  city: null,
  uf: null,
  shareUrl: "http://127.0.0.1:3211/e/e1",
  imageUrl: null,
  isTicketed: true,
  fundingMode: "allOrNothing",
  goalCents: 10000,
  raisedCents: 2500,
  percent: 25,
  progress: 25,
  goalReached: false,
  status: "Em Progresso",
  minSupportCents: 500,
  goalPercentage: 100,
  creatorId: fakeId("users", "u1"),
  ticketsGenerated: 3,
  uniqueSupporters: 2,
  supportingOpen: true,
  supportClosedReason: null,
  settlement: null,
  settlementLabel: null,
  isOnline: false,
  hasTicketTypes: false,
  balanceCents: -7500,
};

beforeEach(() => resetConvexFake());

describe("MyEventsModal", () => {
  it("shows the empty state", () => {
    setQuery(api.events.mine, []);
    render(<MyEventsModal open onOpenChange={vi.fn()} />);
    expect(screen.getByText("Nenhum evento encontrado!")).toBeInTheDocument();
    expect(screen.getByText("Você ainda não tem eventos criados.")).toBeInTheDocument();
  });

  it("lists each event with goal, raised, shortfall or surplus, counters, percent and status", () => {
    setQuery(api.events.mine, [
      own,
      {
        ...own,
        _id: fakeId("events", "e2"),
        name: "Samba",
        category: "Música",
        isTicketed: false,
        raisedCents: 12000,
        percent: 120,
        progress: 100,
        goalReached: true,
        status: "Concluído",
        balanceCents: 2000,
        uniqueSupporters: 4,
      },
    ]);
    render(<MyEventsModal open onOpenChange={vi.fn()} />);
    const [first, second] = screen.getAllByRole("listitem").filter((li) => li.classList.contains("own-event"));
    const a = within(first!);
    expect(a.getByRole("heading", { name: "Hackathon" })).toBeInTheDocument();
    expect(a.getByText("Meta: R$ 100,00")).toBeInTheDocument();
    expect(a.getByText("Arrecadado: R$ 25,00")).toBeInTheDocument();
    expect(a.getByText("Faltam: R$ 75,00")).toBeInTheDocument();
    expect(a.getByText("Ingressos gerados: 3")).toBeInTheDocument();
    expect(a.getByText("25% da meta · Em Progresso")).toBeInTheDocument();
    const b = within(second!);
    expect(b.getByText("Excedente: R$ 20,00")).toBeInTheDocument();
    expect(b.getByText("Apoiadores: 4")).toBeInTheDocument();
    expect(b.getByText("120% da meta · Concluído")).toBeInTheDocument();
    expect(b.getByRole("progressbar")).toHaveAttribute("aria-valuenow", "120");
  });
});
