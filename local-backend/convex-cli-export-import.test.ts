/**
 * `npx convex export` → `npx convex import --replace-all` (the official CLI) between two local
 * backends: documents, stored files and the rate limiter's data come back equal. A damaged or
 * foreign ZIP, and one with a document whose _id is another table's, is refused and changes nothing; one table imports from JSONL or CSV.
 */
import { randomBytes } from "node:crypto";
import { mkdtemp, readFile, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, it } from "vitest";
import { api } from "../convex/_generated/api";
import { cliProject, runCli, type CliTarget } from "./front/cli/convex-cli.ts";
import { readZip, writeZip } from "./front/cli/zip.ts";
import { encodeConvexId } from "./database/ids/convex-id.ts";
import { signedInClient, startTestBackend } from "./test-support.ts";

const CLI_TIMEOUT = 240_000;

/** Every entry of an export but its README, as text (files as base64). */
async function contents(file: string): Promise<Record<string, string>> {
  const entries = readZip(await readFile(file));
  entries.delete("README.md");
  return Object.fromEntries(
    [...entries].map(([name, data]) => [name, name.endsWith(".jsonl") ? data.toString("utf8") : data.toString("base64")]),
  );
}

it(
  "exports a backend and imports it into an empty one: same documents, files and component data; damaged and foreign files are refused",
  async () => {
    const folder = await mkdtemp(path.join(tmpdir(), "cli-export-"));
    const cwd = await cliProject();
    const backup = path.join(folder, "backup.zip");

    const source = await startTestBackend();
    let storageId: string;
    try {
      const cli: CliTarget = { url: source.url, adminKey: source.adminKey, cwd };
      expect((await runCli(cli, ["run", "seed:run"])).code).toBe(0);
      // Signing in goes through the rate limiter (a component); an upload stores a file.
      const client = await signedInClient(source.url, "Caio", "caio@example.com");
      const uploadUrl = await client.mutation(api.events.generateImageUploadUrl, {});
      const uploaded = await fetch(uploadUrl, {
        method: "POST",
        headers: { "Content-Type": "image/png" },
        body: new Uint8Array([137, 80, 78, 71, 1, 2, 3]),
      });
      storageId = ((await uploaded.json()) as { storageId: string }).storageId;
      await client.close();

      const exported = await runCli(cli, ["export", "--path", backup, "--include-file-storage"]);
      expect(exported.code, exported.stderr).toBe(0);
    } finally {
      await source.close();
    }
    const original = await contents(backup);
    expect(original["_components/rateLimiter/rateLimits/documents.jsonl"]).toContain("localSignIn");
    expect(original[`_storage/${storageId}`]).toBe(Buffer.from([137, 80, 78, 71, 1, 2, 3]).toString("base64"));

    const target = await startTestBackend();
    try {
      const cli: CliTarget = { url: target.url, adminKey: target.adminKey, cwd };
      // A foreign ZIP and a damaged one are refused; nothing is written.
      const foreign = path.join(folder, "foreign.zip");
      await writeFile(foreign, writeZip([{ name: "notes/hello.txt", data: Buffer.from("olá") }]));
      const refused = await runCli(cli, ["import", "--replace-all", "-y", foreign]);
      expect(refused.code).not.toBe(0);
      expect(refused.stderr).toContain('not a Convex snapshot export: unexpected entry "notes/hello.txt"');
      const damaged = path.join(folder, "damaged.zip");
      const bytes = await readFile(backup);
      await writeFile(damaged, bytes.subarray(0, bytes.length - 100));
      const cut = await runCli(cli, ["import", "--replace-all", "-y", damaged]);
      expect(cut.code).not.toBe(0);
      expect(cut.stderr).toContain("not a readable ZIP");
      // A document whose _id is another table's (its number is the one `_tables` gives
      // "contacts") is refused, as Convex refuses it, instead of being imported with a new id.
      const contactId = encodeConvexId(10_950, randomBytes(16));
      const strayId = encodeConvexId(10_950, randomBytes(16));
      const mixed = path.join(folder, "mixed.zip");
      await writeFile(
        mixed,
        writeZip([
          { name: "_tables/documents.jsonl", data: Buffer.from('{"name":"contacts","id":10950}\n') },
          { name: "contacts/documents.jsonl", data: Buffer.from(`{"_id":"${contactId}","name":"Ana"}\n`) },
          { name: "notes/documents.jsonl", data: Buffer.from(`{"_id":"${strayId}","text":"olá"}\n`) },
        ]),
      );
      const stray = await runCli(cli, ["import", "--replace-all", "-y", mixed]);
      expect(stray.code).not.toBe(0);
      expect(stray.stderr).toContain(`_id ${strayId} cannot be imported into 'notes': it is an id of table 'contacts'`);
      const empty = path.join(folder, "empty.zip");
      expect((await runCli(cli, ["export", "--path", empty])).code).toBe(0);
      expect(Object.keys(await contents(empty)).filter((name) => !name.endsWith("_tables/documents.jsonl"))).toEqual([]);

      const imported = await runCli(cli, ["import", "--replace-all", "-y", backup]);
      expect(imported.code, imported.stderr).toBe(0);
      expect(imported.stderr).toMatch(/Added \d+ documents/);
      const again = path.join(folder, "again.zip");
      expect((await runCli(cli, ["export", "--path", again, "--include-file-storage"])).code).toBe(0);
      expect(await contents(again)).toEqual(original);
      const served = await fetch(`${target.url}/api/storage/${storageId}`);
      expect(Buffer.from(await served.arrayBuffer())).toEqual(Buffer.from([137, 80, 78, 71, 1, 2, 3]));

      // Importing the same snapshot again without --replace refuses: the tables are not empty.
      const twice = await runCli(cli, ["import", "-y", backup]);
      expect(twice.code).not.toBe(0);
      expect(twice.stderr).toContain("is not empty");
    } finally {
      await target.close();
    }
  },
  CLI_TIMEOUT,
);

it(
  "imports one table from JSONL and from CSV",
  async () => {
    const folder = await mkdtemp(path.join(tmpdir(), "cli-table-"));
    const backend = await startTestBackend();
    try {
      const cli: CliTarget = { url: backend.url, adminKey: backend.adminKey, cwd: await cliProject() };
      const jsonl = path.join(folder, "contacts.jsonl");
      await writeFile(jsonl, '{"name":"Ana","age":31}\n{"name":"Bia","age":27}\n');
      const csv = path.join(folder, "contacts.csv");
      await writeFile(csv, 'name,age,note\nCaio,40,"diz ""oi"", e sai"\n');
      expect((await runCli(cli, ["import", "--table", "contacts", "-y", jsonl])).code).toBe(0);
      const appended = await runCli(cli, ["import", "--table", "contacts", "--append", "-y", csv]);
      expect(appended.code, appended.stderr).toBe(0);
      const data = await runCli(cli, ["data", "contacts", "--format", "jsonLines"]);
      const rows = data.stdout
        .trim()
        .split("\n")
        .map((line) => JSON.parse(line) as Record<string, unknown>);
      expect(rows.map(({ name, age, note }) => ({ name, age, note }))).toEqual([
        { name: "Caio", age: 40, note: 'diz "oi", e sai' },
        { name: "Bia", age: 27, note: undefined },
        { name: "Ana", age: 31, note: undefined },
      ]);
    } finally {
      await backend.close();
    }
  },
  CLI_TIMEOUT,
);

it(
  "refuses a JSONL file or a ZIP without _tables whose _id is another table's, in Convex's words, changing nothing",
  async () => {
    const folder = await mkdtemp(path.join(tmpdir(), "cli-foreign-"));
    const backend = await startTestBackend();
    try {
      const cli: CliTarget = { url: backend.url, adminKey: backend.adminKey, cwd: await cliProject() };
      await signedInClient(backend.url, "Ana", "ana@example.com");
      const users = await runCli(cli, ["data", "users", "--format", "jsonLines"]);
      const userId = (JSON.parse(users.stdout.trim().split("\n")[0]!) as { _id: string })._id;
      const refusal = "New table `contacts` has IDs that conflict with existing table `users`.";

      const jsonl = path.join(folder, "contacts.jsonl");
      await writeFile(jsonl, `${JSON.stringify({ _id: userId, name: "Ana" })}\n`);
      const fromJsonl = await runCli(cli, ["import", "--table", "contacts", "-y", jsonl]);
      expect(fromJsonl.code).not.toBe(0);
      expect(fromJsonl.stdout + fromJsonl.stderr).toContain(refusal);

      const zip = path.join(folder, "contacts.zip");
      await writeFile(
        zip,
        writeZip([
          { name: "contacts/documents.jsonl", data: Buffer.from(`${JSON.stringify({ _id: userId, _creationTime: 1, name: "Ana" })}\n`) },
        ]),
      );
      const fromZip = await runCli(cli, ["import", "--append", "-y", zip]);
      expect(fromZip.code).not.toBe(0);
      expect(fromZip.stdout + fromZip.stderr).toContain(refusal);

      const contacts = await runCli(cli, ["data", "contacts", "--format", "jsonLines"]);
      expect(contacts.stdout.trim()).toBe("");
    } finally {
      await backend.close();
    }
  },
  CLI_TIMEOUT,
);
