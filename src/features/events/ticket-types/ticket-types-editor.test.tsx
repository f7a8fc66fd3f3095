import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { TicketTypesEditor } from "./ticket-types-editor";
import { emptyTicketType } from "./ticket-types-form";

const pista = { ...emptyTicketType(), name: "Pista", quantity: "1.000", meiaQuantity: "400" };

describe("Tipos de ingresso", () => {
  it("sums 1.000 as one thousand and says the law's minimum applies to a show", () => {
    render(<TicketTypesEditor types={[pista]} category="Música" onChange={() => {}} maxPerPerson="" onMaxPerPersonChange={() => {}} />);
    expect(screen.getByText("Meia-entrada: 400 de 1.000 ingressos (40%). Para Música, a lei pede pelo menos 40%.")).toBeInTheDocument();
  });

  it("offers Máximo por pessoa once there are types, and passes on what is typed", async () => {
    const typed: string[] = [];
    render(
      <TicketTypesEditor
        types={[pista]}
        category="Música"
        onChange={() => {}}
        maxPerPerson=""
        onMaxPerPersonChange={(v) => typed.push(v)}
      />,
    );
    await userEvent.setup().type(screen.getByLabelText("Máximo por pessoa"), "4");
    expect(typed).toEqual(["4"]);
  });

  it("tells a Tecnologia workshop that the law does not apply to it", () => {
    render(
      <TicketTypesEditor
        types={[{ ...pista, meiaQuantity: "0" }]}
        category="Tecnologia"
        onChange={() => {}}
        maxPerPerson=""
        onMaxPerPersonChange={() => {}}
      />,
    );
    expect(
      screen.getByText("Meia-entrada: 0 de 1.000 ingressos (0%). A lei da meia-entrada não se aplica a eventos de Tecnologia."),
    ).toBeInTheDocument();
  });
});
