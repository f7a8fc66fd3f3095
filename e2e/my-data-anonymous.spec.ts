import { expect, test, type Page } from "@playwright/test";
import { apiEvent, apiUser, unique } from "./helpers/backend";
import { expectAlert, signInLocally } from "./helpers/ui";

async function supportOnPage(page: Page, { anonymous }: { anonymous: boolean }) {
  if (anonymous) await page.getByRole("checkbox", { name: "Apoiar sem mostrar meu nome" }).check();
  await page.getByLabel("Valor do apoio").fill("5");
  await page.getByRole("button", { name: "APOIE" }).click();
  await expectAlert(page, { title: "Sucesso!" });
}

test("Apoiar sem mostrar meu nome: another supporter reads `Apoiador anônimo` in the chat, the organizer reads the name", async ({
  browser,
}) => {
  const organizer = await apiUser("Olga Organizadora");
  const eventId = await apiEvent(organizer, { name: `Recital ${unique()}`, minSupportCents: 100 });
  const newPage = async () => (await browser.newContext()).newPage();
  const [helena, otavio, olga] = [await newPage(), await newPage(), await newPage()];

  await helena.goto(`/event/${eventId}`);
  await signInLocally(helena, "Helena Discreta");
  await supportOnPage(helena, { anonymous: true });
  await helena.goto(`/chat/${eventId}`);
  await helena.getByPlaceholder("Digite sua mensagem").fill("Mal posso esperar");
  await helena.getByRole("button", { name: "Enviar" }).click();

  await otavio.goto(`/event/${eventId}`);
  await signInLocally(otavio, "Otávio Aberto");
  await supportOnPage(otavio, { anonymous: false });
  await otavio.goto(`/chat/${eventId}`);
  const seenByOtavio = otavio.getByRole("listitem").filter({ hasText: "Mal posso esperar" });
  await expect(seenByOtavio).toContainText("Apoiador anônimo");
  await expect(seenByOtavio).not.toContainText("Helena");

  await olga.goto(`/chat/${eventId}`);
  await signInLocally(olga, organizer.name, organizer.email);
  await expect(olga.getByRole("listitem").filter({ hasText: "Mal posso esperar" })).toContainText("Helena Discreta");
});
