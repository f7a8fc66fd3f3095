/**
 * Pulling a Convex deployment's data into local development: a ZIP in the layout
 * `npx convex export` downloads from a deployment (ids of Convex's form with the deployment's
 * table numbers, `_tables/documents.jsonl`, `_storage` with Convex's extra fields and file
 * extensions, each component numbered on its own) imports with the real `npx convex import`,
 * and the app's own queries follow every reference. A ZIP of documents without `_id` imports.
 */
import { randomBytes } from "node:crypto";
import { mkdtemp, readFile, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { ConvexHttpClient } from "convex/browser";
import { expect, it } from "vitest";
import { api } from "../convex/_generated/api";
import type { Id } from "../convex/_generated/dataModel";
import { cliProject, runCli, type CliTarget } from "./front/cli/convex-cli.ts";
import { readZip, writeZip } from "./front/cli/zip.ts";
import { decodeConvexId, encodeConvexId } from "./database/ids/convex-id.ts";
import { tableOfNumber } from "./database/ids/table-numbers.ts";
import { createEvent, signedInClient, startTestBackend } from "./test-support.ts";

const CLI_TIMEOUT = 420_000;
const IMAGE = new Uint8Array([137, 80, 78, 71, 13, 10, 26, 10, 0, 1, 2, 3]);
const EVENT_NAME = "Sarau da Produção";

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

function rewriteStrings(value: Json, ids: Map<string, string>): Json {
  if (typeof value === "string") return ids.get(value) ?? value;
  if (Array.isArray(value)) return value.map((item) => rewriteStrings(item, ids));
  if (value !== null && typeof value === "object") {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, rewriteStrings(item, ids)]));
  }
  return value;
}

/**
 * Turns this backend's export into what a deployment's looks like: every table of a
 * component gets the number `numberOf(component, table, index)` picks, every id a new
 * Convex id with it (fields holding ids follow), `_storage` documents Convex's `internalId`
 * and files an extension, `_tables` the numbers, each table a `generated_schema.jsonl`.
 */
function asDeploymentExport(local: Map<string, Buffer>, numberOf: (prefix: string, table: string, index: number) => number): Buffer {
  const tablesByPrefix = new Map<string, string[]>();
  for (const name of local.keys()) {
    const match = /^((?:_components\/[^/]+\/)*)([^/]+)\/documents\.jsonl$/.exec(name);
    if (match === null || match[2] === "_tables") continue;
    tablesByPrefix.set(match[1]!, [...(tablesByPrefix.get(match[1]!) ?? []), match[2]!].sort());
  }
  const ids = new Map<string, string>();
  const documents = new Map<string, Record<string, Json>[]>();
  /** A table's place among its component's tables, system tables left out (Convex numbers them apart). */
  const indexOf = (prefix: string, table: string) =>
    tablesByPrefix
      .get(prefix)!
      .filter((name) => !name.startsWith("_"))
      .indexOf(table);
  for (const [prefix, tables] of tablesByPrefix) {
    tables.forEach((table) => {
      const rows = local
        .get(`${prefix}${table}/documents.jsonl`)!
        .toString("utf8")
        .split("\n")
        .filter((line) => line !== "")
        .map((line) => JSON.parse(line) as Record<string, Json>);
      const number = numberOf(prefix, table, indexOf(prefix, table));
      for (const row of rows) ids.set(row._id as string, encodeConvexId(number, randomBytes(16)));
      documents.set(`${prefix}${table}`, rows);
    });
  }
  const entries: { name: string; data: Uint8Array }[] = [];
  for (const [prefix, tables] of tablesByPrefix) {
    const listed = tables
      .filter((table) => !table.startsWith("_"))
      .map((table) => JSON.stringify({ name: table, id: numberOf(prefix, table, indexOf(prefix, table)) }));
    entries.push({ name: `${prefix}_tables/documents.jsonl`, data: Buffer.from(listed.map((line) => `${line}\n`).join("")) });
    for (const table of tables) {
      const rows = documents.get(`${prefix}${table}`)!.map((row) => rewriteStrings(row, ids) as Record<string, Json>);
      if (table === "_storage") {
        for (const [index, row] of rows.entries()) {
          const oldId = documents.get(`${prefix}${table}`)![index]!._id as string;
          row.internalId = randomBytes(16).toString("hex");
          entries.push({ name: `${prefix}_storage/${row._id as string}.png`, data: local.get(`${prefix}_storage/${oldId}`)! });
        }
      } else entries.push({ name: `${prefix}${table}/generated_schema.jsonl`, data: Buffer.from('"uniform"\n') });
      entries.push({
        name: `${prefix}${table}/documents.jsonl`,
        data: Buffer.from(rows.map((row) => `${JSON.stringify(row)}\n`).join("")),
      });
    }
  }
  return writeZip(entries);
}

/** The app's documents of a snapshot ZIP by table (no components), `_storage` without Convex's own fields. */
function appDocuments(zip: Buffer): Record<string, Json[]> {
  const result: Record<string, Json[]> = {};
  for (const [name, data] of readZip(zip)) {
    const table = /^([^/_][^/]*|_storage)\/documents\.jsonl$/.exec(name)?.[1];
    if (table === undefined) continue;
    result[table] = data
      .toString("utf8")
      .split("\n")
      .filter((line) => line !== "")
      .map((line) => {
        const row = JSON.parse(line) as Record<string, Json>;
        delete row.internalId;
        return row;
      })
      .sort((a, b) => String(a._id).localeCompare(String(b._id)));
  }
  return result;
}

/** Reads the app as a user would, through its own queries: acting as `userId` in `sessionId`. */
function actingAs(target: CliTarget, userId: string, sessionId: string): ConvexHttpClient {
  const client = new ConvexHttpClient(target.url);
  (client as unknown as { setAdminAuth: (key: string, identity: object) => void }).setAdminAuth(target.adminKey, {
    subject: `${userId}|${sessionId}`,
    issuer: "http://127.0.0.1",
    tokenIdentifier: `http://127.0.0.1|${userId}|${sessionId}`,
  });
  return client;
}

async function jsonLines(target: CliTarget, table: string): Promise<Record<string, Json>[]> {
  const data = await runCli(target, ["data", table, "--limit", "1000", "--format", "jsonLines"]);
  expect(data.code, data.stderr).toBe(0);
  return data.stdout
    .trim()
    .split("\n")
    .filter((line) => line !== "")
    .map((line) => JSON.parse(line) as Record<string, Json>);
}

/** Every reference from the app's queries: the creator's profile, their events, the event's image and its place in a name search. */
async function expectReferencesResolve(target: CliTarget, eventId: string): Promise<void> {
  const anonymous = new ConvexHttpClient(target.url);
  const event = await anonymous.query(api.events.get, { id: eventId });
  expect(event).toMatchObject({ name: EVENT_NAME });
  const session = (await jsonLines(target, "authSessions")).find((row) => row.userId === event!.creatorId);
  expect(session).toBeDefined();
  const creator = actingAs(target, event!.creatorId, session!._id as string);
  expect(await creator.query(api.users.me, {})).toMatchObject({ _id: event!.creatorId, name: "Caio Produtor" });
  const mine = await creator.query(api.events.mine, {});
  expect(JSON.stringify(mine)).toContain(eventId);
  const image = await fetch(event!.imageUrl!);
  expect(new Uint8Array(await image.arrayBuffer())).toEqual(IMAGE);
  const found = await anonymous.query(api.events.list, { name: "Sarau", paginationOpts: { numItems: 10, cursor: null } });
  expect(found.page.map((row) => row._id)).toEqual([eventId]);
}

it(
  "imports a deployment's snapshot ZIP with npx convex import: ids kept, references followed by the app's queries; renumbered tables keep their references",
  async () => {
    const folder = await mkdtemp(path.join(tmpdir(), "deployment-import-"));
    const cwd = await cliProject();
    const localExport = path.join(folder, "local.zip");

    // Data made through the app: a signed-in creator, an uploaded image, an event using it.
    const source = await startTestBackend();
    try {
      const cli: CliTarget = { url: source.url, adminKey: source.adminKey, cwd };
      expect((await runCli(cli, ["run", "seed:run"])).code).toBe(0);
      const client = await signedInClient(source.url, "Caio Produtor", "caio@exemplo.com");
      const uploadUrl = await client.mutation(api.events.generateImageUploadUrl, {});
      const uploaded = await fetch(uploadUrl, { method: "POST", headers: { "Content-Type": "image/png" }, body: IMAGE });
      const { storageId } = (await uploaded.json()) as { storageId: string };
      expect(await client.mutation(api.events.claimImageUpload, { storageId })).toEqual({ accepted: true });
      await createEvent(client, { name: EVENT_NAME, imageStorageId: storageId as Id<"_storage"> });
      await client.close();
      const exported = await runCli(cli, ["export", "--path", localExport, "--include-file-storage"]);
      expect(exported.code, exported.stderr).toBe(0);
    } finally {
      await source.close();
    }
    const local = readZip(await readFile(localExport));

    // As the deployment numbered them: app tables from 10601, each component again from 10601
    // (its own numbering), `_storage` a system number.
    const deploymentZip = asDeploymentExport(local, (_prefix, table, index) => (table === "_storage" ? 600 : 10_600 + index));
    const deployment = path.join(folder, "deployment.zip");
    await writeFile(deployment, deploymentZip);
    const eventRow = appDocuments(deploymentZip).events!.find((row) => (row as { name: string }).name === EVENT_NAME) as {
      _id: string;
    };
    expect(decodeConvexId(eventRow._id)?.tableNumber).toBeGreaterThan(10_600);

    const target = await startTestBackend();
    try {
      const cli: CliTarget = { url: target.url, adminKey: target.adminKey, cwd };
      const imported = await runCli(cli, ["import", "--replace-all", "-y", deployment]);
      expect(imported.code, imported.stderr).toBe(0);
      // Components were numbered from 10601 too: their tables get new ids, and the summary says so.
      expect(imported.stderr).toMatch(/rateLimiter:rateLimits: table number \d+ is another table's here/);
      // The app's documents and files come back exactly, ids included.
      const again = path.join(folder, "again.zip");
      expect((await runCli(cli, ["export", "--path", again, "--include-file-storage"])).code).toBe(0);
      expect(appDocuments(await readFile(again))).toEqual(appDocuments(deploymentZip));
      await expectReferencesResolve(cli, eventRow._id);
    } finally {
      await target.close();
    }

    // Into a backend with its own data, numbered as the tables that backend knows under other names:
    // every app table's documents get new ids, and references still resolve.
    const clashing = path.join(folder, "clashing.zip");
    const taken = [...Array(60).keys()].map((offset) => 10_001 + offset).filter((number) => tableOfNumber(number) !== undefined);
    await writeFile(
      clashing,
      asDeploymentExport(local, (prefix, table, index) =>
        table === "_storage" ? 601 : prefix === "" ? taken[(index + 1) % taken.length]! : 10_900 + index,
      ),
    );
    const seeded = await startTestBackend();
    try {
      const cli: CliTarget = { url: seeded.url, adminKey: seeded.adminKey, cwd };
      expect((await runCli(cli, ["run", "seed:run"])).code).toBe(0);
      const imported = await runCli(cli, ["import", "--replace-all", "-y", clashing]);
      expect(imported.code, imported.stderr).toBe(0);
      expect(imported.stderr).toMatch(/^events: table number \d+ is another table's here/m);
      const event = (await jsonLines(cli, "events")).find((row) => row.name === EVENT_NAME)!;
      expect(event._id).not.toBe(eventRow._id);
      await expectReferencesResolve(cli, event._id as string);

      // Documents without _id (and without _creationTime) get new ones, as on Convex.
      const noIds = path.join(folder, "no-ids.zip");
      await writeFile(
        noIds,
        writeZip([
          { name: "_tables/documents.jsonl", data: Buffer.from('{"name":"contacts","id":10950}\n') },
          { name: "contacts/documents.jsonl", data: Buffer.from('{"name":"Ana","age":31}\n{"name":"Bia","age":27}\n') },
        ]),
      );
      const appended = await runCli(cli, ["import", "--append", "-y", noIds]);
      expect(appended.code, appended.stderr).toBe(0);
      const contacts = await jsonLines(cli, "contacts");
      expect(contacts.map((row) => row.name).sort()).toEqual(["Ana", "Bia"]);
      for (const row of contacts) expect(decodeConvexId(row._id as string)).not.toBeNull();
    } finally {
      await seeded.close();
    }
  },
  CLI_TIMEOUT,
);
