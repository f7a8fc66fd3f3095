import { strFromU8, unzipSync } from "fflate";
import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";
import { api } from "../../_generated/api";
import type { TableNames } from "../../_generated/dataModel";
import { NOT_EXPORTED, PERSON_TABLES } from "../../model/privacy/personTables";
import { TERMS_VERSION } from "../../model/shared/terms";
import { createEvent, newBackend, rejectionData, signedInUser, supportNow, type Caller } from "../test.helpers";
import { everyRow, holds, personReferencingTables } from "../test.privacy";

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

async function downloadAs(caller: Caller) {
  const { fileName, bytes } = await caller.action(api.myData.download, {});
  const files = unzipSync(new Uint8Array(bytes));
  const text = (name: string) => strFromU8(files[name] ?? new Uint8Array());
  const json = (table: string) => JSON.parse(text(`json/${table}.json`)) as Record<string, unknown>[];
  return { fileName, files, text, json };
}

describe("the copy covers every table about a person (read from the schema)", () => {
  test("each table that refers to a person is exported, or excused with a reason", () => {
    const missing = [...personReferencingTables()]
      .filter(([table]) => PERSON_TABLES[table] === undefined && NOT_EXPORTED[table] === undefined)
      .map(([table, fields]) => `${table} (refers to a person through ${fields.join(", ")})`);
    expect(
      missing,
      `Add each table to PERSON_TABLES in convex/model/privacy/personTables.ts (or NOT_EXPORTED with the reason): ${missing.join("; ")}`,
    ).toEqual([]);
  });

  test("the list names only tables of the schema, and no table is both exported and excused", () => {
    const tables = personReferencingTables();
    for (const table of [...Object.keys(PERSON_TABLES), ...Object.keys(NOT_EXPORTED)])
      expect(tables.has(table as TableNames), table).toBe(true);
    for (const table of Object.keys(NOT_EXPORTED)) expect(PERSON_TABLES[table as TableNames], table).toBeUndefined();
  });
});

async function personWhoDidThings() {
  const t = newBackend();
  const maria = await signedInUser(t, { name: "Maria Dados", email: "maria.dados@exemplo.com" });
  const other = await signedInUser(t, { name: "Outra Pessoa", email: "outra@exemplo.com" });
  const ownEventId = await createEvent(maria.as, { name: "Sarau da Maria", isTicketed: true });
  const otherEventId = await createEvent(other.as, { name: "Show da Outra", isTicketed: true });
  await supportNow(t, maria.as, { eventId: otherEventId, amountCents: 1_500 });
  await supportNow(t, other.as, { eventId: ownEventId, amountCents: 2_000 });
  await maria.as.mutation(api.chat.send, { eventId: otherEventId, body: "Mal posso esperar!" });
  await other.as.mutation(api.chat.send, { eventId: otherEventId, body: "Obrigada, Maria!" });
  return { t, maria, other, ownEventId, otherEventId };
}

describe("Baixar meus dados", () => {
  test("one ZIP with a README, and JSON and CSV of every table of the copy", async () => {
    const { maria } = await personWhoDidThings();
    const { fileName, files, text, json } = await downloadAs(maria.as);
    expect(fileName).toMatch(/^apoie-meus-dados-\d{4}-\d{2}-\d{2}\.zip$/);
    for (const table of Object.keys(PERSON_TABLES)) {
      expect(files[`json/${table}.json`], table).toBeDefined();
      expect(files[`csv/${table}.csv`], table).toBeDefined();
      expect(text("README.txt")).toContain(`- ${table} (`);
    }
    expect(json("users")).toMatchObject([{ name: "Maria Dados", email: "maria.dados@exemplo.com" }]);
    expect(json("messages").map((row) => row.body)).toEqual(["Mal posso esperar!"]);
    expect(json("events").map((row) => row.name)).toEqual(["Sarau da Maria"]);
    expect(json("contributions").map((row) => row.amountCents)).toEqual([1_500]);
    expect(text("csv/messages.csv")).toContain("Mal posso esperar!");
    expect(text("csv/walletEntries.csv")).toMatch(/\d{4}-\d{2}-\d{2}T/);
  });

  test("every row anywhere that holds the person's id is in the copy, and no row of anyone else", async () => {
    const { t, maria, other } = await personWhoDidThings();
    const { json } = await downloadAs(maria.as);
    const exportedIds = new Set(
      Object.keys(PERSON_TABLES).flatMap((table) => json(table).map((row) => String(row._id ?? row._creationTime))),
    );
    const about = (await everyRow(t)).filter(({ row }) => holds(row, maria.userId));
    expect(about.length).toBeGreaterThan(10);
    for (const { table, row } of about) {
      if (NOT_EXPORTED[table] !== undefined) continue;
      expect(exportedIds.has(String(row._id)) || exportedIds.has(String(row._creationTime)), `${table} ${String(row._id)}`).toBe(true);
    }
    const everything = JSON.stringify(Object.keys(PERSON_TABLES).map((table) => json(table)));
    expect(everything).not.toContain("Obrigada, Maria!");
    expect(everything).not.toContain(other.userId);
  });

  test("secrets stay out: no refresh token, password hash or verification code", async () => {
    const { maria } = await personWhoDidThings();
    const { json } = await downloadAs(maria.as);
    expect(json("authSessions")).toHaveLength(1);
    for (const row of json("authRefreshTokens")) expect(row._id).toBeUndefined();
    for (const row of json("authAccounts")) expect(row.secret).toBeUndefined();
  });

  test("signed out: refused, nothing to copy", async () => {
    const { t } = await personWhoDidThings();
    expect((await rejectionData(t.action(api.myData.download, {}))).code).toBe("NOT_SIGNED_IN");
  });
});

describe("Termos de uso and Política de privacidade", () => {
  test("accepted in the version shown, recorded with when; an outdated version is refused; signed out is null", async () => {
    const t = newBackend();
    const { userId, as } = await signedInUser(t);
    expect(await as.query(api.myData.termsStatus, {})).toEqual({ accepted: false, version: TERMS_VERSION });
    expect((await rejectionData(as.mutation(api.myData.acceptTerms, { version: TERMS_VERSION - 1 }))).code).toBe("TERMS_OUTDATED");
    await as.mutation(api.myData.acceptTerms, { version: TERMS_VERSION });
    expect(await as.query(api.myData.termsStatus, {})).toEqual({ accepted: true, version: TERMS_VERSION });
    expect(await t.run((ctx) => ctx.db.get("users", userId))).toMatchObject({ termsVersion: TERMS_VERSION, termsAcceptedAt: Date.now() });
    // A new version asks again.
    await t.run((ctx) => ctx.db.patch("users", userId, { termsVersion: TERMS_VERSION - 1 }));
    expect(await as.query(api.myData.termsStatus, {})).toMatchObject({ accepted: false });
    expect(await t.query(api.myData.termsStatus, {})).toBeNull();
  });
});

describe("Corrigir meu nome", () => {
  test("the name changes, cleaned; a blank or too long one is refused and nothing changes", async () => {
    const t = newBackend();
    const { as } = await signedInUser(t, { name: "Nome Antigo" });
    await as.mutation(api.myData.rename, { name: "  Nome\u200b Novo " });
    expect(await as.query(api.users.me, {})).toMatchObject({ name: "Nome Novo" });
    for (const name of ["   ", "x".repeat(81)]) {
      expect(await rejectionData(as.mutation(api.myData.rename, { name }))).toEqual({
        code: "INVALID_NAME",
        message: "Informe um nome com até 80 caracteres.",
      });
    }
    expect(await as.query(api.users.me, {})).toMatchObject({ name: "Nome Novo" });
    expect((await rejectionData(t.mutation(api.myData.rename, { name: "Alguém" }))).code).toBe("NOT_SIGNED_IN");
  });
});
