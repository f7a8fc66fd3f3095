import { expect, test, type Page } from "@playwright/test";
import { getPixPayloadInfo } from "@brazilian-utils/brazilian-utils/get-pix-payload-info";
import { isValidPixPayload } from "@brazilian-utils/brazilian-utils/is-valid-pix-payload";
import { api } from "../convex/_generated/api";
import { seriousViolations } from "./helpers/axe";
import { apiEvent, apiSupport, apiUser, unique } from "./helpers/backend";
import { expectAlert, openUserMenu, signInLocally } from "./helpers/ui";

const shots = "e2e/screenshots";

/** The PIX sandbox this run started (e2e/global-setup.ts): its control API plays the banks. */
function sandbox(path: string, init?: RequestInit) {
  const base = process.env.E2E_PIX_SANDBOX_URL;
  if (!base) throw new Error("E2E_PIX_SANDBOX_URL is not set: run the suite through playwright.config.ts");
  return fetch(`${base}${path}`, init);
}

type SandboxState = {
  payments: { id: number; point_of_interaction: { transaction_data: { qr_code: string } } }[];
  payouts: { id: string; status: string; transaction: { to: { accounts: { amount: number; chave: { value: string } }[] } } }[];
};

async function sandboxState(): Promise<SandboxState> {
  return (await (await sandbox("/sandbox/state")).json()) as SandboxState;
}

/** The sandbox's id of the charge whose copia-e-cola the dialog shows. */
async function paymentOf(copiaECola: string): Promise<number> {
  const payment = (await sandboxState()).payments.find((p) => p.point_of_interaction.transaction_data.qr_code === copiaECola);
  if (!payment) throw new Error("the sandbox has no charge with that copia-e-cola");
  return payment.id;
}

/**
 * The sandbox's id of the payout in progress to `key`. The app sends the payout from an action scheduled after
 * `Saque solicitado`, so the test waits for the sandbox to have it rather than reading once.
 */
async function payoutTo(key: string): Promise<string> {
  let id = "";
  await expect
    .poll(
      async () => {
        const payout = (await sandboxState()).payouts.find(
          (p) => p.status === "in_process" && p.transaction.to.accounts[0]?.chave.value === key,
        );
        id = payout?.id ?? "";
        return id;
      },
      { message: `the sandbox has a payout in progress to ${key}`, timeout: 20_000 },
    )
    .not.toBe("");
  return id;
}

async function control(path: string) {
  const response = await sandbox(path, { method: "POST" });
  expect(response.status, `${path}: ${await response.clone().text()}`).toBe(200);
}

async function openFromMenu(page: Page, item: "Adicionar saldo" | "Sacar" | "Extrato") {
  await openUserMenu(page);
  await page.getByRole("menuitem", { name: item }).click();
  const dialog = page.getByRole("dialog", { name: item });
  await expect(dialog).toBeVisible();
  return dialog;
}

/** `Adicionar saldo` of `amount` up to the QR code; returns the dialog and its copia-e-cola. */
async function generatePix(page: Page, amount: string) {
  const dialog = await openFromMenu(page, "Adicionar saldo");
  await dialog.getByLabel("Valor (R$)").fill(amount);
  await dialog.getByRole("button", { name: "Gerar PIX" }).click();
  await expect(dialog.getByRole("img", { name: "QR Code PIX" })).toBeVisible();
  await expect(dialog.getByRole("status")).toHaveText("Aguardando pagamento");
  const code = await dialog.getByLabel("PIX copia e cola").inputValue();
  return { dialog, code };
}

test("Adicionar saldo by PIX: the QR code, the sandbox's Pagar, the open wallet and Extrato updated live, then a support with that money", async ({
  page,
}) => {
  const creator = await apiUser("Organizadora PIX");
  const eventId = await apiEvent(creator, { name: `Show com PIX ${unique()}`, goalCents: 100_000, minSupportCents: 100 });
  await page.goto(`/event/${eventId}`);
  await signInLocally(page, "Paula Pix");
  const wallet = page.getByRole("button", { name: "Abrir menu do usuário" });
  await expect(wallet).toContainText("R$ 50,00");

  const { dialog, code } = await generatePix(page, "20");
  // The copia-e-cola is a valid BR Code (CRC included) of exactly R$ 20,00.
  expect(isValidPixPayload(code)).toBe(true);
  expect(getPixPayloadInfo(code)?.amount).toBe(20);
  await expect(dialog).toContainText("R$ 20,00");
  await expect(dialog).toContainText(/Expira em (60:00|59:\d\d)/);
  await expect(dialog.getByRole("button", { name: "Copiar código" })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  // The payer's bank pays; the signed webhook reaches the backend, which reads the payment back.
  await control(`/sandbox/payments/${await paymentOf(code)}/pay`);
  await expect(dialog.getByRole("status")).toHaveText("Pagamento confirmado");
  // The header is inert behind the modal dialog: read the wallet once it is closed (no reload).
  await dialog.getByRole("button", { name: "Fechar" }).click();
  await expect(wallet).toContainText("R$ 70,00");

  const statement = await openFromMenu(page, "Extrato");
  const first = statement.getByRole("listitem").first();
  await expect(first).toContainText("Depósito via PIX");
  await expect(first).toContainText("+R$ 20,00");
  await expect(first).toContainText("Saldo: R$ 70,00");
  await statement.getByRole("button", { name: "Fechar" }).click();

  // More than the welcome bonus: only possible with the deposit.
  await page.getByLabel("Valor do apoio").fill("60");
  await page.getByRole("button", { name: "APOIE" }).click();
  await expectAlert(page, { title: "Sucesso!" });
  await expect(wallet).toContainText("R$ 10,00");
});

test("a charge closed before paying stays in the Extrato and opens again", async ({ page }) => {
  await page.goto("/");
  await signInLocally(page, "Rui Reabre");
  const { dialog, code } = await generatePix(page, "15,50");
  await dialog.getByRole("button", { name: "Fechar" }).click();
  const statement = await openFromMenu(page, "Extrato");
  const pending = statement.getByRole("region", { name: "Depósitos pendentes" });
  await expect(pending).toContainText("R$ 15,50");
  await pending.getByRole("button", { name: "Abrir" }).click();
  const reopened = page.getByRole("dialog", { name: "Adicionar saldo" });
  await expect(reopened.getByLabel("PIX copia e cola")).toHaveValue(code);
  await control(`/sandbox/payments/${await paymentOf(code)}/expire`);
  await expect(reopened.getByRole("status")).toHaveText("Expirado");
});

/** `Adicionar saldo` through the API as `user`, paid at the sandbox; resolves once it is credited. */
async function apiDeposit(user: Awaited<ReturnType<typeof apiUser>>, amountCents: number, { paidReais }: { paidReais?: number } = {}) {
  const { depositId } = await user.client.mutation(api.deposits.create, { amountCents });
  let code = "";
  await expect
    .poll(async () => (code = (await user.client.query(api.deposits.get, { depositId }))?.qrCode ?? ""), { timeout: 20_000 })
    .not.toBe("");
  const paymentId = await paymentOf(code);
  await control(`/sandbox/payments/${paymentId}/pay${paidReais === undefined ? "" : `?amount=${paidReais}`}`);
  await expect
    .poll(async () => (await user.client.query(api.deposits.get, { depositId }))?.status, { timeout: 20_000 })
    .toBe(paidReais === undefined ? "paid" : "review");
  return paymentId;
}

test("an organizer's money leaves by Sacar, except the supporters' welcome bonus: the Extrato shows the split; Falhar returns it, Concluir pays it", async ({
  page,
}) => {
  const organizerEmail = `${unique()}@e2e.test`;
  const organizer = await apiUser("Olga Organiza", organizerEmail);
  const supporter = await apiUser("Sid Apoia");
  const name = `Meta para Sacar ${unique()}`;
  const eventId = await apiEvent(organizer, { name, startsAt: Date.now() + 12_000, goalCents: 7_000, minSupportCents: 100 });
  // Sid supports with his R$ 50,00 welcome bonus and R$ 20,00 he deposited by PIX.
  await apiDeposit(supporter, 2_000);
  await apiSupport(supporter, eventId, 7_000);
  await page.goto(`/event/${eventId}`);
  await signInLocally(page, "Olga Organiza", organizerEmail);
  await expect(page.getByRole("heading", { name: "Repassado ao organizador" })).toBeVisible({ timeout: 30_000 });
  const wallet = page.getByRole("button", { name: "Abrir menu do usuário" });
  await expect(wallet).toContainText("R$ 120,00");
  const payout = (await openFromMenu(page, "Extrato")).getByRole("listitem").first();
  await expect(payout).toContainText(`Repasse de ${name}`);
  await expect(payout).toContainText("+R$ 70,00");
  await expect(payout).toContainText("R$ 20,00 disponível para saque · R$ 50,00 em bônus");
  await page.getByRole("dialog", { name: "Extrato" }).getByRole("button", { name: "Fechar" }).click();

  const cpf = "52998224725";
  let dialog = await openFromMenu(page, "Sacar");
  // Only what Sid deposited may leave: his bonus reached Olga as bonus, like her own.
  await expect(dialog).toContainText("Disponível para saque: R$ 20,00");
  // The welcome bonus is not withdrawable: asking for it is refused.
  await dialog.getByLabel("Valor (R$)").fill("30");
  await dialog.getByLabel("Chave PIX").fill("529.982.247-25");
  await dialog.getByRole("button", { name: "Solicitar saque" }).click();
  await expect(dialog.getByRole("alert")).toContainText("maior que o disponível para saque (R$ 20,00)");
  await dialog.getByLabel("Valor (R$)").fill("20");
  await dialog.getByRole("button", { name: "Solicitar saque" }).click();
  await expect(dialog.getByRole("status")).toContainText("Saque solicitado");
  await dialog.getByRole("button", { name: "Fechar" }).click();
  await expect(wallet).toContainText("R$ 100,00");

  await control(`/sandbox/payouts/${await payoutTo(cpf)}/fail`);
  const statement = await openFromMenu(page, "Extrato");
  const entries = statement.getByRole("listitem");
  await expect(entries.first()).toContainText("Saque devolvido");
  await expect(entries.first()).toContainText("+R$ 20,00");
  await expect(entries.nth(1)).toContainText("Saque via PIX");
  await expect(entries.nth(1)).toContainText("Falhou");
  await statement.getByRole("button", { name: "Fechar" }).click();
  await expect(wallet).toContainText("R$ 120,00");

  dialog = await openFromMenu(page, "Sacar");
  await dialog.getByLabel("Tipo de chave").selectOption({ label: "E-mail" });
  await dialog.getByLabel("Valor (R$)").fill("20");
  await dialog.getByLabel("Chave PIX").fill("olga@exemplo.com");
  await dialog.getByLabel("CPF ou CNPJ do titular").fill("529.982.247-25");
  await dialog.getByRole("button", { name: "Solicitar saque" }).click();
  await expect(dialog.getByRole("status")).toContainText("Saque solicitado");
  await dialog.getByRole("button", { name: "Fechar" }).click();
  const open = await openFromMenu(page, "Extrato");
  const latest = open.getByRole("listitem").first();
  await expect(latest).toContainText("Saque via PIX");
  await expect(latest).toContainText("Em processamento");
  // The Extrato stays open: the bank's Concluir shows there live.
  await control(`/sandbox/payouts/${await payoutTo("olga@exemplo.com")}/complete`);
  await expect(latest).toContainText("Pago");
  await open.getByRole("button", { name: "Fechar" }).click();
  await expect(wallet).toContainText("R$ 100,00");
});

test("Adicionar saldo, Sacar and the Extrato at 1280px and 375px: screenshots", async ({ browser }) => {
  const organizerEmail = `${unique()}@e2e.test`;
  const organizer = await apiUser("Fernanda Fotos", organizerEmail);
  const supporter = await apiUser("Apoiador Fotos");
  const eventId = await apiEvent(organizer, {
    name: "Sarau de Primavera",
    startsAt: Date.now() + 12_000,
    goalCents: 4_000,
    minSupportCents: 100,
  });
  await apiSupport(supporter, eventId, 4_000);
  for (const width of [1280, 375]) {
    const context = await browser.newContext({ viewport: { width, height: width === 375 ? 812 : 800 } });
    const page = await context.newPage();
    await page.goto(`/event/${eventId}`);
    await signInLocally(page, "Fernanda Fotos", organizerEmail);
    await expect(page.getByRole("heading", { name: "Repassado ao organizador" })).toBeVisible({ timeout: 30_000 });
    const { dialog, code } = await generatePix(page, "25");
    await page.screenshot({ path: `${shots}/adicionar-saldo-${width}.png`, animations: "disabled" });
    await control(`/sandbox/payments/${await paymentOf(code)}/pay`);
    await expect(dialog.getByRole("status")).toHaveText("Pagamento confirmado");
    await dialog.getByRole("button", { name: "Fechar" }).click();
    const withdraw = await openFromMenu(page, "Sacar");
    await withdraw.getByLabel("Valor (R$)").fill("15");
    await withdraw.getByLabel("Chave PIX").fill("529.982.247-25");
    await page.screenshot({ path: `${shots}/sacar-${width}.png`, animations: "disabled" });
    await withdraw.getByRole("button", { name: "Solicitar saque" }).click();
    await expect(withdraw.getByRole("status")).toContainText("Saque solicitado");
    await withdraw.getByRole("button", { name: "Fechar" }).click();
    const statement = await openFromMenu(page, "Extrato");
    await expect(statement.getByRole("listitem").first()).toContainText("Em processamento");
    expect(await seriousViolations(page)).toEqual([]);
    await page.screenshot({ path: `${shots}/extrato-pix-${width}.png`, animations: "disabled" });
    await control(`/sandbox/payouts/${await payoutTo("52998224725")}/complete`);
    await expect(statement.getByRole("listitem").first()).toContainText("Pago");
    await context.close();
  }
});

test("a deposit the bank takes back after it was withdrawn: the Extrato shows it and what is owed, Sacar refuses; a payment held for review is Em análise", async ({
  browser,
}) => {
  const email = `${unique()}@e2e.test`;
  const rita = await apiUser("Rita Devolve", email);
  const paymentId = await apiDeposit(rita, 2_000);
  await rita.client.mutation(api.withdrawals.request, { amountCents: 2_000, keyType: "email", key: email, ownerDocument: "52998224725" });
  await control(`/sandbox/payouts/${await payoutTo(email)}/complete`);
  await expect.poll(async () => (await rita.client.query(api.withdrawals.summary, {}))?.inProgress ?? null, { timeout: 20_000 }).toBeNull();
  await control(`/sandbox/payments/${paymentId}/refund`);
  await expect.poll(async () => (await rita.client.query(api.withdrawals.summary, {}))?.owedCents, { timeout: 20_000 }).toBe(2_000);
  await apiDeposit(rita, 3_000, { paidReais: 3 });
  for (const width of [1280, 375]) {
    const context = await browser.newContext({ viewport: { width, height: width === 375 ? 812 : 800 } });
    const page = await context.newPage();
    await page.goto("/");
    await signInLocally(page, "Rita Devolve", email);
    const statement = await openFromMenu(page, "Extrato");
    const returned = statement.getByRole("listitem").filter({ hasText: "Devolução de depósito via PIX" });
    await expect(returned).toContainText("R$ 20,00 em aberto: o próximo saldo que entrar quita esse valor.");
    const held = statement.getByRole("region", { name: "Depósitos em análise" });
    await expect(held).toContainText("Em análise");
    await expect(held).toContainText("R$ 30,00");
    await expect(held).toContainText("O valor pago não confere com a cobrança, por isso nada foi creditado.");
    expect(await seriousViolations(page)).toEqual([]);
    await page.screenshot({ path: `${shots}/extrato-devolucao-${width}.png`, animations: "disabled" });
    await statement.getByRole("button", { name: "Fechar" }).click();
    const withdraw = await openFromMenu(page, "Sacar");
    await expect(withdraw).toContainText(
      "Sua carteira tem R$ 20,00 em aberto de um depósito PIX devolvido. Não é possível sacar até quitar esse valor.",
    );
    await page.screenshot({ path: `${shots}/sacar-devido-${width}.png`, animations: "disabled" });
    await context.close();
  }
});

test("at a charge's expiry the dialog says Verificando pagamento… until the payment is read, never Expirado for a paid charge", async ({
  browser,
}) => {
  for (const width of [1280, 375]) {
    const context = await browser.newContext({ viewport: { width, height: width === 375 ? 812 : 800 } });
    const page = await context.newPage();
    // The browser's clock runs an hour ahead of the server's: its countdown ends first.
    await page.clock.install();
    await page.goto("/");
    await signInLocally(page, "Vera Verifica");
    const { dialog, code } = await generatePix(page, "10");
    await page.clock.fastForward("01:01:00");
    await expect(dialog.getByRole("status")).toHaveText("Verificando pagamento…");
    await expect(dialog).not.toContainText("Expirado");
    await page.screenshot({ path: `${shots}/verificando-pagamento-${width}.png`, animations: "disabled" });
    // The payment made meanwhile is found: confirmed.
    await control(`/sandbox/payments/${await paymentOf(code)}/pay`);
    await expect(dialog.getByRole("status")).toHaveText("Pagamento confirmado");
    await context.close();
  }
});
