import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { act, useEffect } from "react";
import { MemoryRouter, Route, Routes, useLocation, useNavigate, useNavigationType, type NavigateFunction } from "react-router-dom";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { paginatedCalls, resetConvexFake, setPaginated, setQuery } from "../../test/convex-fake";
import EventRoute from "./event";
import HomeRoute from "./home";
import { api } from "@convex/_generated/api";

vi.mock("convex/react", async () => (await import("../../test/convex-fake")).convexReactFake);

/** What the router did: every address it showed, with how it got there (PUSH, REPLACE, POP). */
type Recorded = { visits: { address: string; how: string }[]; navigate: NavigateFunction };

function LocationRecorder({ onRender }: { onRender: (address: string, how: string, navigate: NavigateFunction) => void }) {
  const location = useLocation();
  const how = useNavigationType();
  const navigate = useNavigate();
  useEffect(() => onRender(location.pathname + location.search, how, navigate));
  return null;
}

function renderAt(path: string): Recorded {
  const recorded: Recorded = { visits: [], navigate: () => undefined };
  render(
    <MemoryRouter initialEntries={[path]}>
      <LocationRecorder
        onRender={(address, how, navigate) => {
          recorded.navigate = navigate;
          if (recorded.visits.at(-1)?.address !== address) recorded.visits.push({ address, how });
        }}
      />
      <Routes>
        <Route path="/" element={<HomeRoute />} />
        <Route path="/event/:id" element={<EventRoute />} />
      </Routes>
    </MemoryRouter>,
  );
  return recorded;
}

beforeEach(() => {
  resetConvexFake();
  setPaginated(api.events.list, []);
  setQuery(api.events.get, null);
});

describe("home filters in the address", () => {
  it("restores the filters from the query string and queries with them", () => {
    renderAt("/?nome=Jazz&de=2026-12-01&ate=2026-12-31&categoria=m%C3%BAsica");
    expect(screen.getByLabelText("Nome")).toHaveValue("Jazz");
    expect(screen.getByLabelText("Data inicial")).toHaveValue("2026-12-01");
    expect(screen.getByLabelText("Data final")).toHaveValue("2026-12-31");
    expect(screen.getByRole("combobox", { name: "Categoria" })).toHaveValue("música");
    expect(paginatedCalls.at(-1)?.args).toMatchObject({ name: "Jazz", category: "música" });
    expect(paginatedCalls.at(-1)?.args).toHaveProperty("from");
    expect(document.title).toBe("Apoie — eventos para apoiar");
  });

  it("writes changes into the address (replacing the entry) and Voltar brings them back", async () => {
    const user = userEvent.setup();
    const location = renderAt("/");
    await user.selectOptions(screen.getByRole("combobox", { name: "Categoria" }), "esporte");
    await user.type(screen.getByLabelText("Nome"), "corrida");
    // Every filter change replaced the entry instead of adding one to the history.
    expect(location.visits.at(-1)?.address).toBe("/?nome=corrida&categoria=esporte");
    expect(location.visits.slice(1).every((visit) => visit.how === "REPLACE")).toBe(true);

    act(() => void location.navigate("/event/ev1"));
    const back = await screen.findByRole("link", { name: "Voltar" });
    expect(back).toHaveAttribute("href", "/?nome=corrida&categoria=esporte");
    await user.click(back);
    expect(screen.getByLabelText("Nome")).toHaveValue("corrida");
    expect(screen.getByRole("combobox", { name: "Categoria" })).toHaveValue("esporte");
  });

  it("ignores an unknown category and leaves empty filters out of the address", async () => {
    const user = userEvent.setup();
    const location = renderAt("/?categoria=culin%C3%A1ria");
    expect(screen.getByRole("combobox", { name: "Categoria" })).toHaveValue("Todas");
    await user.type(screen.getByLabelText("Nome"), "a");
    await user.clear(screen.getByLabelText("Nome"));
    expect(location.visits.at(-1)?.address).toBe("/");
  });
});
