import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { ConvexError } from "convex/values";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { fakeId, resetConvexFake, setMutation } from "../../../test/convex-fake";
import CreateEventModal from "./create-event-modal";
import { api } from "@convex/_generated/api";

vi.mock("convex/react", async () => (await import("../../../test/convex-fake")).convexReactFake);

const nextYear = new Date().getFullYear() + 1;

async function fillValidForm(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText("Nome do evento"), "  Sarau de Poesia  ");
  await user.selectOptions(screen.getByLabelText("Categoria"), "Entretenimento");
  await user.type(screen.getByLabelText("Data"), `${nextYear}-05-20`);
  await user.type(screen.getByLabelText("Horário"), "18:30");
  await user.type(screen.getByLabelText("Meta (R$)"), "1.500,50");
  await user.type(screen.getByLabelText("Apoio mínimo (R$)"), "10,5");
  await user.clear(screen.getByLabelText("Porcentagem da meta (%)"));
  await user.type(screen.getByLabelText("Porcentagem da meta (%)"), "80");
  await user.click(screen.getByLabelText("Evento com ingresso"));
  // Pasted, not typed key by key: long texts typed one key at a time make the test slow.
  await user.click(screen.getByLabelText("Sobre o evento (opcional)"));
  await user.paste("Leituras abertas.\nTraga seu poema.");
  await user.click(screen.getByLabelText("Local"));
  await user.paste("Biblioteca Mário de Andrade");
  await user.click(screen.getByLabelText("Cidade"));
  await user.paste("São Paulo");
  await user.selectOptions(screen.getByLabelText("UF"), "SP");
}

beforeEach(() => {
  resetConvexFake();
});

// Filling every field with user-event takes seconds on a busy machine.
describe("CreateEventModal", { timeout: 20_000 }, () => {
  it("has every labelled field, the category options and the image size hint", () => {
    render(<CreateEventModal open onOpenChange={vi.fn()} />);
    expect(screen.getByRole("dialog", { name: "Criar Evento" })).toBeInTheDocument();
    for (const label of [
      "Nome do evento",
      "Sobre o evento (opcional)",
      "Local",
      "Cidade",
      "UF",
      "Data",
      "Horário",
      "Meta (R$)",
      "Apoio mínimo (R$)",
      "Porcentagem da meta (%)",
      "URL da imagem (opcional)",
    ]) {
      expect(screen.getByLabelText(label)).toBeInTheDocument();
    }
    expect(screen.getByRole("checkbox", { name: "Evento com ingresso" })).not.toBeChecked();
    const options = within(screen.getByLabelText("Categoria"))
      .getAllByRole("option")
      .map((o) => o.textContent);
    expect(options.slice(1)).toEqual(["Tecnologia", "Esporte", "Música", "Entretenimento"]);
    expect(screen.getByText(/300x400 ou 600x800/)).toBeInTheDocument();
  });

  it("opens with focus in Nome do evento, not on Fechar", async () => {
    render(<CreateEventModal open onOpenChange={vi.fn()} />);
    await waitFor(() => expect(screen.getByLabelText("Nome do evento")).toHaveFocus());
  });

  it("focuses OK in an alert, so Enter closes it instead of submitting again", async () => {
    const user = userEvent.setup();
    const create = setMutation(api.events.create, () => fakeId("events", "new-id"));
    render(<CreateEventModal open onOpenChange={vi.fn()} />);
    await user.type(screen.getByLabelText("Nome do evento"), "Sarau{Enter}");
    const alert = await screen.findByRole("alertdialog");
    expect(within(alert).getByRole("button", { name: "OK" })).toHaveFocus();
    await user.keyboard("{Enter}");
    expect(screen.queryByRole("alertdialog")).not.toBeInTheDocument();
    expect(create).not.toHaveBeenCalled();
  });

  it("shows the incomplete-form message for an incomplete form and does not call the server", async () => {
    const user = userEvent.setup();
    const create = setMutation(api.events.create, () => fakeId("events", "new-id"));
    render(<CreateEventModal open onOpenChange={vi.fn()} />);
    await user.type(screen.getByLabelText("Nome do evento"), "Sarau");
    await user.click(screen.getByRole("button", { name: "Criar" }));
    const alert = await screen.findByRole("alertdialog");
    expect(within(alert).getByText("Por favor, preencha todos os campos corretamente.")).toBeInTheDocument();
    expect(create).not.toHaveBeenCalled();
  });

  it("refuses a date in the past with its own message, without calling the server", async () => {
    const user = userEvent.setup();
    const create = setMutation(api.events.create, () => fakeId("events", "new-id"));
    render(<CreateEventModal open onOpenChange={vi.fn()} />);
    await fillValidForm(user);
    await user.clear(screen.getByLabelText("Data"));
    await user.type(screen.getByLabelText("Data"), `${nextYear - 2}-05-20`);
    await user.click(screen.getByRole("button", { name: "Criar" }));
    const alert = await screen.findByRole("alertdialog");
    expect(within(alert).getByText("A data do evento deve ser no futuro.")).toBeInTheDocument();
    expect(create).not.toHaveBeenCalled();
  });

  it("asks for the place before calling the server", async () => {
    const user = userEvent.setup();
    const create = setMutation(api.events.create, () => fakeId("events", "new-id"));
    render(<CreateEventModal open onOpenChange={vi.fn()} />);
    await fillValidForm(user);
    await user.clear(screen.getByLabelText("Cidade"));
    await user.click(screen.getByRole("button", { name: "Criar" }));
    expect(await screen.findByText("Informe o local e a cidade do evento.")).toBeInTheDocument();
    expect(create).not.toHaveBeenCalled();
  });

  it("rejects a minimum above the goal and a non-numeric goal", async () => {
    const user = userEvent.setup();
    const create = setMutation(api.events.create, () => fakeId("events", "new-id"));
    render(<CreateEventModal open onOpenChange={vi.fn()} />);
    await fillValidForm(user);
    await user.clear(screen.getByLabelText("Meta (R$)"));
    await user.type(screen.getByLabelText("Meta (R$)"), "dez reais");
    await user.click(screen.getByRole("button", { name: "Criar" }));
    expect(await screen.findByText("Por favor, preencha todos os campos corretamente.")).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "OK" }));
    await user.clear(screen.getByLabelText("Meta (R$)"));
    await user.type(screen.getByLabelText("Meta (R$)"), "5");
    await user.click(screen.getByRole("button", { name: "Criar" }));
    expect(await screen.findByText("Por favor, preencha todos os campos corretamente.")).toBeInTheDocument();
    expect(create).not.toHaveBeenCalled();
  });

  it("sends cents and a timestamp, shows Sucesso! and closes after 2 seconds", async () => {
    const user = userEvent.setup();
    const onOpenChange = vi.fn();
    const create = setMutation(api.events.create, () => fakeId("events", "new-id"));
    render(<CreateEventModal open onOpenChange={onOpenChange} />);
    await fillValidForm(user);
    await user.click(screen.getByRole("button", { name: "Criar" }));
    expect(create).toHaveBeenCalledWith({
      name: "Sarau de Poesia",
      category: "Entretenimento",
      startsAt: new Date(nextYear, 4, 20, 18, 30).getTime(),
      goalCents: 150050,
      minSupportCents: 1050,
      goalPercentage: 80,
      isTicketed: true,
      description: "Leituras abertas.\nTraga seu poema.",
      venueName: "Biblioteca Mário de Andrade",
      city: "São Paulo",
      uf: "SP",
      fundingMode: "allOrNothing",
    });
    const alert = await screen.findByRole("alertdialog");
    expect(within(alert).getByRole("heading", { name: "Sucesso!" })).toBeInTheDocument();
    expect(within(alert).getByText("Evento criado com sucesso.")).toBeInTheDocument();
    expect(onOpenChange).not.toHaveBeenCalled();
    await waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false), { timeout: 3000 });
  });

  it("sends Flexível and the rewards; a reward with a question but no choices is refused first", async () => {
    const user = userEvent.setup();
    const create = setMutation(api.events.create, () => fakeId("events", "new-id"));
    render(<CreateEventModal open onOpenChange={vi.fn()} />);
    await fillValidForm(user);
    await user.click(screen.getByRole("radio", { name: "Flexível" }));
    await user.click(screen.getByRole("button", { name: "Adicionar recompensa" }));
    const reward = screen.getByRole("group", { name: "Recompensa 1" });
    await user.type(within(reward).getByLabelText("Título"), "Camiseta");
    await user.type(within(reward).getByLabelText("Valor mínimo (R$)"), "30");
    await user.type(within(reward).getByLabelText("Quantidade (opcional)"), "2");
    await user.selectOptions(within(reward).getByLabelText("Pergunta para quem apoiar"), "choices");
    await user.type(within(reward).getByLabelText("Pergunta", { exact: true }), "Tamanho da camiseta");
    await user.click(screen.getByRole("button", { name: "Criar" }));
    expect(await screen.findByText("Dê ao menos uma opção para a pergunta da recompensa.")).toBeInTheDocument();
    expect(create).not.toHaveBeenCalled();
    await user.click(screen.getByRole("button", { name: "OK" }));

    await user.click(within(reward).getByLabelText("Opções (uma por linha)"));
    await user.paste("P\nM\n");
    await user.click(screen.getByRole("button", { name: "Criar" }));
    expect(create).toHaveBeenCalledWith(
      expect.objectContaining({
        fundingMode: "flexible",
        rewards: [
          {
            title: "Camiseta",
            description: "",
            minimumCents: 3_000,
            quantity: 2,
            question: { label: "Tamanho da camiseta", choices: ["P", "M"] },
          },
        ],
      }),
    );
  });

  it("shows the server's refusal", async () => {
    const user = userEvent.setup();
    setMutation(api.events.create, () => {
      throw new ConvexError({ code: "NOT_SIGNED_IN", message: "Você precisa estar logado para continuar." });
    });
    render(<CreateEventModal open onOpenChange={vi.fn()} />);
    await fillValidForm(user);
    await user.click(screen.getByRole("button", { name: "Criar" }));
    expect(await screen.findByText("Você precisa estar logado para continuar.")).toBeInTheDocument();
  });
});
