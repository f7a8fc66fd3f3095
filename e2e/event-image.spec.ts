import { expect, test, type Locator, type Page } from "@playwright/test";
import { PNG } from "pngjs";
import { unique } from "./helpers/backend";
import { isoDate, openUserMenu, signInLocally } from "./helpers/ui";

const INVALID = "A imagem deve ser JPG, PNG ou WebP de até 5 MB.";

/** A real 300×420 PNG (a two-colour gradient), made here so the test needs no fixture file. */
function posterPng(): Buffer {
  const png = new PNG({ width: 300, height: 420 });
  for (let y = 0; y < png.height; y++) {
    for (let x = 0; x < png.width; x++) {
      const i = (png.width * y + x) * 4;
      png.data[i] = Math.round((255 * x) / png.width);
      png.data[i + 1] = 40;
      png.data[i + 2] = Math.round((255 * y) / png.height);
      png.data[i + 3] = 255;
    }
  }
  return PNG.sync.write(png);
}

/** The width the browser decoded the image at: 0 while it has not loaded (or failed). */
function loadedWidth(image: Locator) {
  return image.evaluate((el: HTMLImageElement) => (el.complete ? el.naturalWidth : 0));
}

async function openCreateEvent(page: Page) {
  await openUserMenu(page);
  await page.getByRole("menuitem", { name: "Criar Evento" }).click();
  return page.getByRole("dialog", { name: "Criar Evento" });
}

test("an uploaded PNG becomes the event's image, live on another browser's card and on the event page", async ({ browser }) => {
  const name = `Sarau com Cartaz ${unique()}`;
  const [creatorContext, viewerContext] = [await browser.newContext(), await browser.newContext()];
  const creator = await creatorContext.newPage();
  const viewer = await viewerContext.newPage();

  await viewer.goto("/");
  await viewer.getByLabel("Nome", { exact: true }).fill(name);
  await expect(viewer.getByRole("article")).toHaveCount(0);

  await creator.goto("/");
  await signInLocally(creator, "Clara Cartaz");
  const form = await openCreateEvent(creator);
  await form.getByLabel("Nome do evento").fill(name);
  await form.getByLabel("Categoria").selectOption("Música");
  await form.getByLabel("Data", { exact: true }).fill(isoDate(20));
  await form.getByLabel("Horário").fill("20:00");
  await form.getByLabel("Meta (R$)").fill("500");
  await form.getByLabel("Apoio mínimo (R$)").fill("5");
  await form.getByLabel("Local").fill("Centro Cultural");
  await form.getByLabel("Cidade").fill("Recife");
  await form.getByLabel("UF").selectOption("PE");
  await form.getByLabel("Imagem do evento").setInputFiles({ name: "cartaz.png", mimeType: "image/png", buffer: posterPng() });
  await expect(form.getByAltText("Pré-visualização da imagem do evento")).toBeVisible();
  await expect(form.getByText("Imagem enviada.")).toBeVisible();
  await form.getByRole("button", { name: "Criar" }).click();
  await expect(creator.getByText("Evento criado com sucesso.")).toBeVisible();

  // The viewer never reloads: the card appears with the uploaded image, served from storage.
  const card = viewer.getByRole("article").filter({ has: viewer.getByRole("link", { name }) });
  const cardImage = card.getByRole("img", { name: `Imagem do evento ${name}` });
  await expect(cardImage).toHaveAttribute("src", /\/api\/storage\//);
  await expect.poll(() => loadedWidth(cardImage)).toBe(300);
  const frame = await cardImage.boundingBox();
  expect(frame?.height).toBe(350);

  await card.getByRole("link", { name }).click();
  const pageImage = viewer.getByRole("img", { name: `Imagem do evento ${name}` });
  await expect.poll(() => loadedWidth(pageImage)).toBe(300);

  await Promise.all([creatorContext.close(), viewerContext.close()]);
});

test("a 6 MB image and a PDF are refused in the browser with the message", async ({ page }) => {
  await page.goto("/");
  await signInLocally(page, "Rui Recusado");
  const form = await openCreateEvent(page);
  const picker = form.getByLabel("Imagem do evento");
  const uploads: string[] = [];
  page.on("request", (request) => {
    if (request.url().includes("/api/storage/upload")) uploads.push(request.url());
  });

  await picker.setInputFiles({ name: "enorme.png", mimeType: "image/png", buffer: Buffer.alloc(6 * 1024 * 1024) });
  await expect(form.getByRole("alert")).toHaveText(INVALID);
  await expect(form.getByAltText("Pré-visualização da imagem do evento")).toHaveCount(0);

  await picker.setInputFiles({ name: "cartaz.pdf", mimeType: "application/pdf", buffer: Buffer.from("%PDF-1.4\n%%EOF\n") });
  await expect(form.getByRole("alert")).toHaveText(INVALID);
  await expect(form.getByAltText("Pré-visualização da imagem do evento")).toHaveCount(0);
  expect(uploads).toEqual([]); // refused before any byte left the browser
});
