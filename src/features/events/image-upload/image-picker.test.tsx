import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { MAX_IMAGE_BYTES } from "@convex/model/shared/imageRules";
import { fakeId, resetConvexFake, setMutation } from "../../../test/convex-fake";
import CreateEventModal from "../form/create-event-modal";
import { api } from "@convex/_generated/api";

vi.mock("convex/react", async () => (await import("../../../test/convex-fake")).convexReactFake);
vi.mock("./upload-file", () => ({ uploadFile: vi.fn(async () => "storage-1") }));

const INVALID = "A imagem deve ser JPG, PNG ou WebP de até 5 MB.";
const nextYear = new Date().getFullYear() + 1;

function file(name: string, type: string, bytes = 100) {
  return new File([new Uint8Array(bytes)], name, { type });
}

async function fillValidForm(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText("Nome do evento"), "Sarau");
  await user.selectOptions(screen.getByLabelText("Categoria"), "Entretenimento");
  await user.type(screen.getByLabelText("Data"), `${nextYear}-05-20`);
  await user.type(screen.getByLabelText("Horário"), "18:30");
  await user.type(screen.getByLabelText("Meta (R$)"), "100");
  await user.type(screen.getByLabelText("Apoio mínimo (R$)"), "5");
  await user.click(screen.getByLabelText("Local"));
  await user.paste("Biblioteca Central");
  await user.click(screen.getByLabelText("Cidade"));
  await user.paste("Curitiba");
  await user.selectOptions(screen.getByLabelText("UF"), "PR");
}

beforeEach(() => {
  resetConvexFake();
  URL.createObjectURL = vi.fn(() => "blob:preview");
  URL.revokeObjectURL = vi.fn();
});

describe("Imagem do evento", () => {
  it.each([
    ["a PDF", file("cartaz.pdf", "application/pdf")],
    ["a 6 MB PNG", file("grande.png", "image/png", MAX_IMAGE_BYTES + 1024 * 1024)],
  ])("refuses %s in the browser without uploading it", async (_, chosen) => {
    const user = userEvent.setup({ applyAccept: false });
    const generate = setMutation(api.events.generateImageUploadUrl, () => "http://upload");
    render(<CreateEventModal open onOpenChange={vi.fn()} />);
    await user.upload(screen.getByLabelText("Imagem do evento"), chosen);
    expect(await screen.findByRole("alert")).toHaveTextContent(INVALID);
    expect(screen.queryByAltText("Pré-visualização da imagem do evento")).not.toBeInTheDocument();
    expect(generate).not.toHaveBeenCalled();
  });

  it("previews, uploads and claims a PNG, then creates the event with its storage id instead of the URL", async () => {
    const user = userEvent.setup();
    setMutation(api.events.generateImageUploadUrl, () => "http://upload");
    const claim = setMutation(api.events.claimImageUpload, () => ({ accepted: true as const }));
    const create = setMutation(api.events.create, () => fakeId("events", "new-id"));
    render(<CreateEventModal open onOpenChange={vi.fn()} />);
    await fillValidForm(user);
    await user.upload(screen.getByLabelText("Imagem do evento"), file("cartaz.png", "image/png"));
    expect(screen.getByAltText("Pré-visualização da imagem do evento")).toHaveAttribute("src", "blob:preview");
    expect(await screen.findByText("Imagem enviada.")).toBeInTheDocument();
    expect(claim).toHaveBeenCalledWith({ storageId: "storage-1" });
    expect(screen.getByLabelText("URL da imagem (opcional)")).toBeDisabled();
    await user.click(screen.getByRole("button", { name: "Criar" }));
    expect(create).toHaveBeenCalledWith(expect.objectContaining({ name: "Sarau", imageStorageId: "storage-1" }));
    expect(create.mock.calls[0]?.[0]).not.toHaveProperty("imageUrl");
  });

  it("shows the server's refusal of the stored file and drops the preview", async () => {
    const user = userEvent.setup();
    setMutation(api.events.generateImageUploadUrl, () => "http://upload");
    setMutation(api.events.claimImageUpload, () => ({ accepted: false, message: INVALID }));
    render(<CreateEventModal open onOpenChange={vi.fn()} />);
    await user.upload(screen.getByLabelText("Imagem do evento"), file("disfarce.png", "image/png"));
    expect(await screen.findByRole("alert")).toHaveTextContent(INVALID);
    expect(screen.queryByAltText("Pré-visualização da imagem do evento")).not.toBeInTheDocument();
  });
});
