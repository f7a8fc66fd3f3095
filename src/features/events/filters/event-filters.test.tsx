import { useState } from "react";
import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { EventFilters } from "./event-filters";
import { EMPTY_FILTERS, toListArgs, type EventFilterValues } from "./filters";

function Harness({ onChange }: { onChange: (values: EventFilterValues) => void }) {
  const [values, setValues] = useState(EMPTY_FILTERS);
  return (
    <EventFilters
      values={values}
      onChange={(next) => {
        setValues(next);
        onChange(next);
      }}
    />
  );
}

describe("EventFilters", () => {
  it("has the labelled fields and the category options in the product's order", () => {
    render(<Harness onChange={vi.fn()} />);
    expect(screen.getByLabelText("Nome")).toBeInTheDocument();
    expect(screen.getByLabelText("Data inicial")).toHaveAttribute("type", "date");
    expect(screen.getByLabelText("Data final")).toHaveAttribute("type", "date");
    const category = screen.getByRole("combobox", { name: "Categoria" });
    const options = Array.from(category.querySelectorAll("option")).map((o) => o.textContent);
    expect(options).toEqual(["Todas", "música", "esporte", "tecnologia", "entretenimento"]);
    expect(category).toHaveValue("Todas");
  });

  it("reports typed names, chosen categories and dates", async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<Harness onChange={onChange} />);
    await user.type(screen.getByLabelText("Nome"), "jazz");
    expect(onChange).toHaveBeenLastCalledWith({ ...EMPTY_FILTERS, name: "jazz" });
    await user.selectOptions(screen.getByLabelText("Categoria"), "esporte");
    expect(onChange).toHaveBeenLastCalledWith({ ...EMPTY_FILTERS, name: "jazz", category: "esporte" });
    await user.type(screen.getByLabelText("Data inicial"), "2026-03-01");
    expect(screen.getByText(/Informe a data inicial e a data final/)).toBeInTheDocument();
    await user.type(screen.getByLabelText("Data final"), "2026-03-31");
    expect(onChange).toHaveBeenLastCalledWith({
      ...EMPTY_FILTERS,
      name: "jazz",
      category: "esporte",
      from: "2026-03-01",
      to: "2026-03-31",
    });
    await user.type(screen.getByLabelText("Cidade"), "Recife");
    await user.click(screen.getByLabelText("Mostrar encerrados"));
    expect(onChange).toHaveBeenLastCalledWith({
      name: "jazz",
      city: "Recife",
      category: "esporte",
      from: "2026-03-01",
      to: "2026-03-31",
      finished: true,
    });
    await user.click(screen.getByRole("button", { name: "Limpar filtros" }));
    expect(onChange).toHaveBeenLastCalledWith(EMPTY_FILTERS);
  });
});

describe("toListArgs", () => {
  it("sends nothing for empty filters and omits Todas", () => {
    expect(toListArgs(EMPTY_FILTERS)).toEqual({});
    expect(toListArgs({ ...EMPTY_FILTERS, name: "  ", category: "Todas" })).toEqual({});
  });

  it("trims the name and passes the category as chosen", () => {
    expect(toListArgs({ ...EMPTY_FILTERS, name: " Jazz ", category: "música" })).toEqual({
      name: "Jazz",
      category: "música",
    });
  });

  it("sends the city trimmed and Mostrar encerrados as finished", () => {
    expect(toListArgs({ ...EMPTY_FILTERS, city: "  Recife ", finished: true })).toEqual({ city: "Recife", finished: true });
  });

  it("applies the date range only when both dates are set, covering the whole last day", () => {
    expect(toListArgs({ ...EMPTY_FILTERS, from: "2026-03-01" })).toEqual({});
    expect(toListArgs({ ...EMPTY_FILTERS, to: "2026-03-31" })).toEqual({});
    expect(toListArgs({ ...EMPTY_FILTERS, from: "2026-03-01", to: "2026-03-31" })).toEqual({
      from: new Date(2026, 2, 1).getTime(),
      to: new Date(2026, 3, 1).getTime() - 1,
    });
  });
});
