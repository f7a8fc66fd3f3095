import { expect, test } from "@playwright/test";
import { apiEvent, apiUser, unique } from "./helpers/backend";
import { expectAlert, signInLocally } from "./helpers/ui";

test("two people see each other's supports and chat live; a non-supporter cannot read the chat", async ({ browser }) => {
  const creator = await apiUser("Criadora Ao Vivo");
  const name = `Festa Junina ${unique()}`;
  const eventId = await apiEvent(creator, { name, goalCents: 10_000, minSupportCents: 100 });

  const [contextA, contextB, contextC] = [await browser.newContext(), await browser.newContext(), await browser.newContext()];
  const a = await contextA.newPage();
  const b = await contextB.newPage();
  const bHome = await contextB.newPage();
  const c = await contextC.newPage();

  await a.goto(`/event/${eventId}`);
  await signInLocally(a, "Ana Ao Vivo");
  await b.goto(`/event/${eventId}`);
  await signInLocally(b, "Beto Ao Vivo");
  await bHome.goto("/");
  await bHome.getByLabel("Nome", { exact: true }).fill(name);
  const bCard = bHome.getByRole("article").filter({ has: bHome.getByRole("link", { name }) });
  await expect(bCard).toContainText("R$ 0,00 de R$ 100,00");

  await a.getByLabel("Valor do apoio").fill("25");
  await a.getByRole("button", { name: "APOIE" }).click();
  await expectAlert(a, { title: "Sucesso!" });
  // B never reloads: both the event page and the home card follow along.
  await expect(b.getByRole("progressbar")).toHaveAttribute("aria-valuetext", /R\$ 25,00/);
  await expect(bCard).toContainText("R$ 25,00 de R$ 100,00");

  await b.getByLabel("Valor do apoio").fill("5");
  await b.getByRole("button", { name: "APOIE" }).click();
  await expectAlert(b, { title: "Sucesso!" });
  await expect(a.getByRole("progressbar")).toHaveAttribute("aria-valuetext", /R\$ 30,00/);

  await a.getByRole("link", { name: "CHAT" }).click();
  await b.getByRole("link", { name: "CHAT" }).click();
  await a.getByPlaceholder("Digite sua mensagem").fill("Olá, sou a Ana!");
  await a.getByRole("button", { name: "Enviar" }).click();
  await expect(b.getByText("Olá, sou a Ana!", { exact: true })).toBeVisible();
  await b.getByPlaceholder("Digite sua mensagem").fill("Oi Ana, aqui é o Beto");
  await b.getByPlaceholder("Digite sua mensagem").press("Enter");
  await expect(a.getByText("Oi Ana, aqui é o Beto", { exact: true })).toBeVisible();

  // Own messages sit on the right: further right than the other person's.
  const own = await a.getByText("Olá, sou a Ana!", { exact: true }).boundingBox();
  const other = await a.getByText("Oi Ana, aqui é o Beto", { exact: true }).boundingBox();
  expect(own!.x + own!.width).toBeGreaterThan(other!.x + other!.width);
  expect(own!.x).toBeGreaterThan(other!.x);

  await c.goto("/");
  await signInLocally(c, "Caio Curioso");
  await c.goto(`/chat/${eventId}`);
  await expect(c.getByText("Apenas quem apoiou este evento pode ver e enviar mensagens no chat.")).toBeVisible();
  await expect(c.getByText("Olá, sou a Ana!", { exact: true })).toBeHidden();

  await Promise.all([contextA.close(), contextB.close(), contextC.close()]);
});
