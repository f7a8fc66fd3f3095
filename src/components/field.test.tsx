import { fireEvent, render, screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { CheckboxField, Field, Options, RadioOption } from "./field";

describe("Field", () => {
  it("names its control by the label and adds nothing else when there is no hint or error", () => {
    render(<Field label="Nome do evento">{(control) => <input {...control} />}</Field>);
    const input = screen.getByRole("textbox", { name: "Nome do evento" });
    expect(input).not.toHaveAttribute("aria-describedby");
    expect(input).not.toHaveAttribute("aria-invalid");
  });

  it("describes its control by the hint", () => {
    render(
      <Field label="Porcentagem da meta (%)" hint="Ao atingir essa porcentagem da meta, o evento é concluído.">
        {(control) => <input {...control} />}
      </Field>,
    );
    expect(screen.getByRole("textbox", { name: "Porcentagem da meta (%)" })).toHaveAccessibleDescription(
      "Ao atingir essa porcentagem da meta, o evento é concluído.",
    );
  });

  it("announces its error, describes the control by it after the hint and marks the control invalid", () => {
    render(
      <Field label="Valor (R$)" hint="Mínimo R$ 1,00." error="Informe um valor válido.">
        {(control) => <input {...control} />}
      </Field>,
    );
    const input = screen.getByRole("textbox", { name: "Valor (R$)" });
    expect(input).toHaveAttribute("aria-invalid", "true");
    expect(input).toHaveAccessibleDescription("Mínimo R$ 1,00. Informe um valor válido.");
    expect(screen.getByRole("alert")).toHaveTextContent("Informe um valor válido.");
  });

  it("marks the control invalid without a message of its own when the form shows the refusal elsewhere", () => {
    render(
      <Field label="Valor (R$)" invalid>
        {(control) => <input {...control} />}
      </Field>,
    );
    expect(screen.getByRole("textbox", { name: "Valor (R$)" })).toHaveAttribute("aria-invalid", "true");
    expect(screen.queryByRole("alert")).toBeNull();
  });

  it("adds a description shared with other fields", () => {
    render(
      <>
        <Field label="Data inicial" describedBy="dates-hint">
          {(control) => <input {...control} />}
        </Field>
        <p id="dates-hint">Informe as duas datas.</p>
      </>,
    );
    expect(screen.getByRole("textbox", { name: "Data inicial" })).toHaveAccessibleDescription("Informe as duas datas.");
  });

  it("draws no box of its own when bare, the label still naming the control", () => {
    const { container } = render(
      <form>
        <Field label="Mensagem" labelClassName="sr-only" bare>
          {(control) => <input {...control} />}
        </Field>
      </form>,
    );
    expect(screen.getByRole("textbox", { name: "Mensagem" })).toBeInTheDocument();
    expect(container.querySelector(".field")).toBeNull();
    expect(container.querySelector("label")).toHaveClass("sr-only");
  });

  it("keeps a fixed id when given one", () => {
    render(
      <Field label="PIX copia e cola" id="pix-copia-e-cola">
        {(control) => <input {...control} readOnly />}
      </Field>,
    );
    expect(screen.getByRole("textbox", { name: "PIX copia e cola" })).toHaveAttribute("id", "pix-copia-e-cola");
  });
});

describe("CheckboxField", () => {
  it("is named by its label and reports the new state", () => {
    const onChange = vi.fn();
    render(<CheckboxField label="Evento com ingresso" checked={false} onChange={onChange} />);
    fireEvent.click(screen.getByRole("checkbox", { name: "Evento com ingresso" }));
    expect(onChange).toHaveBeenCalledWith(true);
  });
});

describe("Options", () => {
  it("offers each value, shown as itself or by its label", () => {
    render(
      <>
        <select aria-label="UF">
          <Options values={["SP", "RJ"]} />
        </select>
        <select aria-label="Tipo de chave">
          <Options values={["cpf", "email"] as const} labels={{ cpf: "CPF", email: "E-mail" }} />
        </select>
      </>,
    );
    const ufs = screen.getByRole("combobox", { name: "UF" });
    expect([...(ufs as HTMLSelectElement).options].map((option) => [option.value, option.text])).toEqual([
      ["SP", "SP"],
      ["RJ", "RJ"],
    ]);
    const keys = screen.getByRole("combobox", { name: "Tipo de chave" });
    expect([...(keys as HTMLSelectElement).options].map((option) => [option.value, option.text])).toEqual([
      ["cpf", "CPF"],
      ["email", "E-mail"],
    ]);
  });
});

describe("RadioOption", () => {
  it("is named by its label, described by its hint, and reports being chosen", () => {
    const onSelect = vi.fn();
    render(
      <>
        <RadioOption
          className="option"
          name="mode"
          label="Tudo ou nada"
          hint="Se a meta não for atingida, os apoios voltam."
          checked
          onSelect={vi.fn()}
        />
        <RadioOption className="option" name="mode" label="Flexível" checked={false} onSelect={onSelect} />
      </>,
    );
    expect(screen.getByRole("radio", { name: "Tudo ou nada" })).toHaveAccessibleDescription(
      "Se a meta não for atingida, os apoios voltam.",
    );
    expect(screen.getByRole("radio", { name: "Flexível" })).not.toHaveAttribute("aria-describedby");
    fireEvent.click(screen.getByRole("radio", { name: "Flexível" }));
    expect(onSelect).toHaveBeenCalledTimes(1);
  });
});
