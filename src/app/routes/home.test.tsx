import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { Route, Router, Switch } from "wouter";
import { memoryLocation } from "wouter/memory-location";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { paginatedCalls, resetConvexFake, setPaginated, setQuery } from "../../test/convex-fake";
import EventRoute from "./event";
import HomeRoute from "./home";

vi.mock("convex/react", async () => (await import("../../test/convex-fake")).convexReactFake);

function renderAt(path: string) {
  const location = memoryLocation({ path, record: true });
  render(
    <Router hook={location.hook}>
      <Switch>
        <Route path="/" component={HomeRoute} />
        <Route path="/event/:id" component={EventRoute} />
      </Switch>
    </Router>,
  );
  return location;
}

beforeEach(() => {
  resetConvexFake();
  setPaginated("events:list", []);
  setQuery("events:get", null);
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
    expect(location.history).toEqual(["/?nome=corrida&categoria=esporte"]);

    location.navigate("/event/ev1");
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
    expect(location.history.at(-1)).toBe("/");
  });
});
