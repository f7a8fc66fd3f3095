import { fireEvent, render, screen } from "@testing-library/react";
import { MemoryRouter } from "react-router-dom";
import { describe, expect, it } from "vitest";
import type { Id } from "@convex/_generated/dataModel";
import { EventCard, type EventCardData } from "./event-card";

const base: EventCardData = {
  _id: "ev1" as Id<"events">,
  name: "Festival de Jazz na Praça",
  category: "Música",
  startsAt: new Date(2026, 11, 5, 19, 0).getTime(),
  city: "Recife",
  uf: "PE",
  imageUrl: "/images/events/jazz.svg",
  isTicketed: true,
  fundingMode: "allOrNothing",
  goalCents: 10000,
  raisedCents: 3000,
  percent: 30,
  progress: 30,
  goalReached: false,
  settlement: null,
  settlementLabel: null,
  isOnline: false,
};

function renderCard(event: Partial<EventCardData> = {}, { priority = false } = {}) {
  return render(
    <MemoryRouter>
      <EventCard event={{ ...base, ...event }} to="/event/ev1" priority={priority} />
    </MemoryRouter>,
  );
}

describe("EventCard", () => {
  it("shows name, date, category and amounts in reais, linking to the event", () => {
    renderCard();
    expect(screen.getByRole("link", { name: "Festival de Jazz na Praça" })).toHaveAttribute("href", "/event/ev1");
    expect(screen.getByText("05/12/2026 19:00")).toBeInTheDocument();
    expect(screen.getByText("· Recife/PE")).toBeInTheDocument();
    expect(screen.getByText("Música")).toBeInTheDocument();
    expect(screen.getByText("R$ 30,00 de R$ 100,00")).toBeInTheDocument();
    expect(screen.getByRole("progressbar")).toHaveAttribute("aria-valuenow", "30");
    expect(screen.queryByText("META ATINGIDA")).not.toBeInTheDocument();
  });

  it.each([
    ["paidOut", "Repassado ao organizador"],
    ["refunded", "Encerrado · apoios devolvidos"],
    ["cancelled", "Cancelado · apoios devolvidos"],
  ] as const)("shows how a settled event ended: %s", (settlement, label) => {
    renderCard({ settlement, settlementLabel: label });
    expect(screen.getByText(label)).toBeInTheDocument();
  });

  it("shows no city for an event from before places existed", () => {
    renderCard({ city: null, uf: null });
    expect(screen.queryByText(/Recife/)).not.toBeInTheDocument();
  });

  it("formats thousands the Brazilian way", () => {
    renderCard({ raisedCents: 123450, goalCents: 300000, percent: 41, progress: 41 });
    expect(screen.getByText("R$ 1.234,50 de R$ 3.000,00")).toBeInTheDocument();
  });

  it("says META ATINGIDA when the server says the goal is reached", () => {
    const { unmount } = renderCard({ raisedCents: 9999, percent: 99, progress: 99, goalReached: false });
    expect(screen.queryByText("META ATINGIDA")).not.toBeInTheDocument();
    unmount();
    renderCard({ raisedCents: 12000, percent: 120, progress: 100, goalReached: true });
    expect(screen.getByText("META ATINGIDA")).toBeInTheDocument();
    expect(screen.getByText("R$ 120,00 de R$ 100,00")).toBeInTheDocument();
    expect(screen.getByRole("progressbar")).toHaveAttribute("aria-valuenow", "120");
  });

  it("says '< 1% da meta' with a sliver on the bar after a support below 1%, '0% da meta' before any", () => {
    const { unmount } = renderCard({ raisedCents: 1000, goalCents: 123450, percent: 0, progress: 0 });
    expect(screen.getByText("< 1% da meta")).toBeInTheDocument();
    expect(screen.getByRole("progressbar").firstElementChild).toHaveStyle({ minWidth: "8px" });
    unmount();
    renderCard({ raisedCents: 0, percent: 0, progress: 0 });
    expect(screen.getByText("0% da meta")).toBeInTheDocument();
  });

  it("titles the card with a level-2 heading, under the page's h1 (heading order)", () => {
    renderCard();
    expect(screen.getByRole("heading", { level: 2, name: "Festival de Jazz na Praça" })).toBeInTheDocument();
  });

  it("loads only the first card's image eagerly and first, as the page's largest paint", () => {
    const { unmount } = renderCard({}, { priority: true });
    expect(screen.getByRole("img")).toHaveAttribute("loading", "eager");
    expect(screen.getByRole("img")).toHaveAttribute("fetchpriority", "high");
    unmount();
    renderCard();
    expect(screen.getByRole("img")).toHaveAttribute("loading", "lazy");
    expect(screen.getByRole("img")).toHaveAttribute("fetchpriority", "auto");
  });

  it("shows a placeholder when there is no image or it fails to load", () => {
    const { unmount } = renderCard({ imageUrl: null });
    expect(screen.getByRole("img", { name: /sem imagem/ })).toBeInTheDocument();
    unmount();
    renderCard({ imageUrl: "https://example.com/broken.png" });
    const image = screen.getByRole("img", { name: "Imagem do evento Festival de Jazz na Praça" });
    fireEvent.error(image);
    expect(screen.getByRole("img", { name: /sem imagem/ })).toBeInTheDocument();
  });
});
