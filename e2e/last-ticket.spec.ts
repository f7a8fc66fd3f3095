import { expect, test } from "@playwright/test";
import { api } from "../convex/_generated/api";
import { apiEvent, apiUser, unique } from "./helpers/backend";
import { holdSync } from "./helpers/sync-hold";
import { expectAlert, signInLocally } from "./helpers/ui";

/** A Tecnologia talk (no meia required) with `quantity` seats at R$ 10,00. */
const palestra = (quantity: number) => ({ name: "Palestra", quantity, meiaQuantity: 0, lotes: [{ priceCents: 1_000 }] });

test("the buyer of the last ticket is told `Compra confirmada!` as the type sells out", async ({ page }) => {
  const organizer = await apiUser("Organizadora");
  const eventId = await apiEvent(organizer, {
    name: `Última ${unique()}`,
    category: "Tecnologia",
    isTicketed: true,
    ticketTypes: [palestra(1)],
  });
  await page.goto(`/event/${eventId}`);
  await signInLocally(page, "Quem Levou a Última");
  const form = page.getByRole("form", { name: "Comprar ingressos" });
  await form.getByRole("button", { name: "Comprar" }).click();
  await expectAlert(page, { title: "Compra confirmada!", text: "Seu ingresso está em Meus Ingressos." });
  // The type sold out meanwhile: no form is left, only the waiting list.
  await expect(page.getByRole("listitem", { name: "Palestra" })).toContainText("Esgotado");
  await expect(form).toHaveCount(0);
});

test("a purchase refused in the race for the last unit keeps its message while the type sells out", async ({ page }) => {
  const sync = await holdSync(page);
  const organizer = await apiUser("Organizadora");
  const eventId = await apiEvent(organizer, {
    name: `Corrida ${unique()}`,
    category: "Tecnologia",
    isTicketed: true,
    ticketTypes: [palestra(1)],
  });
  const [type] = await organizer.client.query(api.ticketTypes.forEvent, { eventId });
  await page.goto(`/event/${eventId}`);
  await signInLocally(page, "Quem Chegou Tarde");
  await expect(page.getByRole("listitem", { name: "Palestra" })).toContainText("Restam 1");
  // The page hears nothing more while someone else takes the last seat; it still offers it.
  sync.holdAnswers();
  const purchase = { eventId, typeId: type!._id, loteIndex: 0, unitPriceCents: 1_000, units: 1, meia: false };
  await (await apiUser("Mais Rápida")).client.mutation(api.ticketPurchases.buy, purchase);
  const form = page.getByRole("form", { name: "Comprar ingressos" });
  await form.getByRole("button", { name: "Comprar" }).click();
  sync.releaseAnswers();
  await expectAlert(page, { text: "Ingressos esgotados para este tipo." });
  await expect(page.getByRole("listitem", { name: "Palestra" })).toContainText("Esgotado");
  await expect(form).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Abrir menu do usuário" })).toContainText("R$ 50,00");
});
