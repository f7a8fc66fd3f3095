import { expect, test, type Browser } from "@playwright/test";
import { api } from "../convex/_generated/api";
import { apiEvent, apiSupport, apiUser, unique } from "./helpers/backend";
import { seriousViolations } from "./helpers/axe";
import { shoot } from "./helpers/tickets";
import { signInLocally } from "./helpers/ui";

type ApiUser = Awaited<ReturnType<typeof apiUser>>;

/** A ticketed event with one ticket per fan; the fans' codes, once the queue issued them. */
async function eventWithTickets(organizer: ApiUser, fans: string[]) {
  const eventId = await apiEvent(organizer, { name: `Festa ${unique()}`, isTicketed: true, minSupportCents: 100 });
  const codes: string[] = [];
  const holders: ApiUser[] = [];
  for (const name of fans) {
    const fan = await apiUser(name);
    await apiSupport(fan, eventId, 1_000);
    await expect.poll(async () => (await fan.client.query(api.tickets.mine, {})).length).toBe(1);
    codes.push((await fan.client.query(api.tickets.mine, {}))[0]!.code);
    holders.push(fan);
  }
  return { eventId, codes, holders };
}

async function pageAs(browser: Browser, path: string, name: string, email: string, viewport = { width: 1280, height: 900 }) {
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  await page.goto(path);
  await signInLocally(page, name, email);
  return { context, page };
}

test("an invited Portaria member checks a ticket in but sees no money, no e-mails, no list; removed, their open page loses access", async ({
  browser,
}) => {
  const organizer = await apiUser("Organizadora da Equipe");
  const { eventId, codes } = await eventWithTickets(organizer, ["Fã da Equipe"]);
  const porteiroEmail = `porteiro.${unique()}@e2e.test`;

  const org = await pageAs(browser, `/event/${eventId}`, organizer.name, organizer.email);
  await org.page.getByRole("link", { name: "Equipe" }).click();
  await expect(org.page.getByRole("heading", { name: "Equipe", level: 1 })).toBeVisible();
  await org.page.getByLabel("E-mail").fill(porteiroEmail.toUpperCase());
  await org.page.getByLabel("Função").selectOption({ label: "Portaria" });
  await org.page.getByRole("button", { name: "Convidar" }).click();
  await expect(org.page.getByRole("status").filter({ hasText: `Convite enviado para ${porteiroEmail}.` })).toBeVisible();
  const member = org.page.getByRole("listitem").filter({ hasText: porteiroEmail });
  await expect(member).toContainText("Portaria · Aguardando o primeiro acesso");
  // Inviting the same e-mail again is refused with the reason.
  await org.page.getByLabel("E-mail").fill(porteiroEmail);
  await org.page.getByRole("button", { name: "Convidar" }).click();
  await expect(org.page.getByRole("alert")).toHaveText("Esta pessoa já foi convidada para a equipe deste evento.");

  // The invited person signs in for the first time: the door is theirs, nothing else.
  const door = await pageAs(browser, `/event/${eventId}`, "Pedro Porteiro", porteiroEmail, { width: 375, height: 740 });
  await expect(member).toContainText("Portaria · Ativo");
  await shoot(org.page, "equipe");
  expect(await seriousViolations(org.page)).toEqual([]);
  await expect(door.page.getByRole("link", { name: "Equipe" })).toHaveCount(0);
  await expect(door.page.getByRole("heading", { name: "Lista de participantes" })).toHaveCount(0);
  await door.page.getByRole("link", { name: "Validar ingressos" }).click();
  await door.page.getByLabel("Código do ingresso").fill(codes[0]!);
  await door.page.getByRole("button", { name: "Validar" }).click();
  await expect(door.page.getByRole("status").filter({ hasText: "Entrada liberada: Fã da Equipe" })).toBeVisible();
  const main = door.page.getByRole("main");
  await expect(main).not.toContainText("R$");
  await expect(main).not.toContainText("@");
  await expect(main.getByText("Portaria ao vivo")).toHaveCount(0);
  await expect(main.getByText("Desfazer check-in")).toHaveCount(0);

  // Removed: the open door page loses access at once.
  await member.getByRole("button", { name: `Remover ${porteiroEmail}` }).click();
  await org.page.getByRole("alertdialog").getByRole("button", { name: "Remover" }).click();
  await expect(org.page.getByText("Ninguém na equipe ainda.")).toBeVisible();
  await expect(door.page.getByText("Apenas o organizador pode validar ingressos.")).toBeVisible();
  await expect(door.page.getByLabel("Código do ingresso")).toHaveCount(0);

  await Promise.all([org.context.close(), door.context.close()]);
});

test("the door keeps checking codes offline, sends them when back, and the organizer's open page counts them", async ({ browser }) => {
  const organizer = await apiUser("Organizadora Offline");
  const { eventId, codes, holders } = await eventWithTickets(organizer, ["Ana Offline", "Bruno Offline", "Caio Offline"]);
  const porteiroEmail = `porta.${unique()}@e2e.test`;
  await organizer.client.mutation(api.team.invite, { eventId, email: porteiroEmail, role: "portaria" });

  const org = await pageAs(browser, `/event/${eventId}/checkin`, organizer.name, organizer.email);
  await expect(org.page.getByText("Presentes: 0 de 3")).toBeVisible();

  const door = await pageAs(browser, `/event/${eventId}/checkin`, "Porteira Offline", porteiroEmail, { width: 375, height: 740 });
  await door.page.getByLabel("Porta").fill("Portão A");
  await door.page.getByRole("button", { name: "Trocar porta" }).click();
  await expect(door.page.getByRole("button", { name: "Trocar porta" })).toBeDisabled();
  await expect(door.page.getByText("Pronto para validar sem conexão")).toBeVisible();

  await door.context.setOffline(true);
  await expect(door.page.getByText("Sem conexão — as entradas serão enviadas quando voltar")).toBeVisible();
  const validate = async (code: string) => {
    await door.page.getByLabel("Código do ingresso").fill(code);
    await door.page.getByRole("button", { name: "Validar" }).click();
  };
  await validate(codes[0]!);
  await expect(door.page.getByRole("status").filter({ hasText: "Entrada liberada: Ana Offline" })).toBeVisible();
  await validate(codes[1]!.toLowerCase());
  await expect(door.page.getByRole("status").filter({ hasText: "Entrada liberada: Bruno Offline" })).toBeVisible();
  await validate(codes[0]!);
  await expect(door.page.getByRole("alert")).toHaveText(/^Já utilizado às \d{2}:\d{2} na porta Portão A$/);
  await validate("NAOEXISTE");
  await expect(door.page.getByRole("alert")).toHaveText("Ingresso não encontrado para este evento.");
  // Caio cancels his support (and so his ticket) while the door cannot know: it lets him in.
  const caio = holders[2]!;
  await caio.client.mutation(api.tickets.cancelSupport, { ticketId: (await caio.client.query(api.tickets.mine, {}))[0]!._id });
  await validate(codes[2]!);
  await expect(door.page.getByRole("status").filter({ hasText: "Entrada liberada: Caio Offline" })).toBeVisible();
  await expect(door.page.getByText("3 entradas aguardando envio")).toBeVisible();
  await shoot(door.page, "checkin-offline");
  expect(await seriousViolations(door.page)).toEqual([]);
  await expect(org.page.getByText(/^Presentes: 0 de [23]$/)).toBeVisible();

  await door.context.setOffline(false);
  await expect(org.page.getByText(/^Presentes: 2 de [23]$/)).toBeVisible();
  await expect(door.page.getByText("3 entradas aguardando envio")).toHaveCount(0);
  // The server refused the cancelled ticket: the door sees it to review.
  const review = door.page.getByRole("region", { name: "Entradas para conferir" });
  await expect(review.getByRole("listitem")).toHaveCount(1);
  await expect(review.getByRole("listitem")).toContainText("Caio Offline");
  await expect(review.getByRole("listitem")).toContainText("Ingresso cancelado.");
  await shoot(door.page, "checkin-conferir", review);
  const figures = org.page.getByRole("region", { name: "Portaria ao vivo" });
  await expect(figures.getByRole("table", { name: "Por porta" }).getByRole("row", { name: /Portão A/ })).toContainText("2");
  await shoot(org.page, "checkin-organizador", figures);
  expect(await seriousViolations(org.page)).toEqual([]);

  await Promise.all([org.context.close(), door.context.close()]);
});
