import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MemoryRouter } from "react-router-dom";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { fakeId, paginatedCalls, resetConvexFake, setPaginated } from "../../../test/convex-fake";
import type { EventSummary } from "../../../lib/api-types";
import { EventList } from "./event-list";
import { api } from "@convex/_generated/api";

vi.mock("convex/react", async () => (await import("../../../test/convex-fake")).convexReactFake);

const summary = (id: string, name: string): EventSummary => ({
  _id: fakeId("events", id),
  name,
  category: "Esporte",
  startsAt: new Date(2026, 6, 1, 8, 0).getTime(),
  city: null,
  uf: null,
  imageUrl: null,
  isTicketed: false,
  fundingMode: "allOrNothing",
  goalCents: 10000,
  raisedCents: 0,
  percent: 0,
  progress: 0,
  goalReached: false,
  status: "Não Iniciado",
  settlement: null,
  settlementLabel: null,
  isOnline: false,
});

beforeEach(() => resetConvexFake());

describe("EventList", () => {
  it("queries with the filters and loads more pages on demand", async () => {
    const user = userEvent.setup();
    const loadMore = setPaginated(api.events.list, [summary("a", "Corrida"), summary("b", "Yoga")], "CanLoadMore");
    render(
      <MemoryRouter>
        <EventList args={{ category: "esporte" }} eventPath={(id) => `/event/${id}`} />
      </MemoryRouter>,
    );
    expect(paginatedCalls.at(-1)?.args).toEqual({ category: "esporte" });
    expect(screen.getAllByRole("article")).toHaveLength(2);
    expect(screen.getByRole("link", { name: "Yoga" })).toHaveAttribute("href", "/event/b");
    await user.click(screen.getByRole("button", { name: "Carregar mais" }));
    expect(loadMore).toHaveBeenCalledWith(12);
  });

  it("gives only the first card's image priority (the home page's largest paint)", () => {
    setPaginated(
      api.events.list,
      [
        { ...summary("a", "Corrida"), imageUrl: "/a.svg" },
        { ...summary("b", "Yoga"), imageUrl: "/b.svg" },
      ],
      "Exhausted",
    );
    render(
      <MemoryRouter>
        <EventList args={{}} eventPath={(id) => `/event/${id}`} />
      </MemoryRouter>,
    );
    const [first, second] = screen.getAllByRole("img");
    expect(first).toHaveAttribute("loading", "eager");
    expect(second).toHaveAttribute("loading", "lazy");
  });

  it("says so when nothing matches and hides Carregar mais at the end", () => {
    setPaginated(api.events.list, [], "Exhausted");
    render(
      <MemoryRouter>
        <EventList args={{ name: "xyz" }} eventPath={(id) => `/event/${id}`} />
      </MemoryRouter>,
    );
    expect(screen.getByText("Nenhum evento encontrado!")).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Carregar mais" })).not.toBeInTheDocument();
  });

  it("offers more pages when a search page comes back empty but is not the last", async () => {
    const user = userEvent.setup();
    const loadMore = setPaginated(api.events.list, [], "CanLoadMore");
    render(
      <MemoryRouter>
        <EventList args={{ name: "ze" }} eventPath={(id) => `/event/${id}`} />
      </MemoryRouter>,
    );
    expect(screen.queryByText("Nenhum evento encontrado!")).not.toBeInTheDocument();
    expect(screen.getByText("Nenhum evento encontrado até aqui.")).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Carregar mais" }));
    expect(loadMore).toHaveBeenCalledWith(12);
  });
});
