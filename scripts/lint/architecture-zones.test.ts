import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";

// The architecture's import zones live in eslint.config.js; these lint real files' paths with a
// deliberate violation as their text, so each zone is proven to fire (and to let allowed
// imports through). Only the two import rules run, without type information: building the
// TypeScript program for each text took most of a minute per call on a busy 2-core machine.
const RULES = new Set(["import-x/no-restricted-paths", "no-restricted-imports"]);
const eslint = new ESLint({
  cwd: process.cwd(),
  overrideConfig: { languageOptions: { parserOptions: { projectService: false } } },
  ruleFilter: ({ ruleId }) => RULES.has(ruleId),
});

async function errorsOf(rule: string, filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).filter((m) => m.ruleId === rule).map((m) => m.message);
}
const zoneErrors = (filePath: string, code: string) => errorsOf("import-x/no-restricted-paths", filePath, code);

describe("the architecture's import zones (ESLint)", () => {
  it("refuses a browser import of server code, types included", async () => {
    for (const code of [
      'import { currentUser } from "../../convex/model/users/accounts";\nexport const x = currentUser;\n',
      'import type { Timeline } from "../../convex/model/events/timeline";\nexport type X = Timeline;\n',
      'import schema from "../../convex/schema";\nexport const x = schema;\n',
      'import { list } from "../../convex/events";\nexport const x = list;\n',
      'import { currentUser } from "@convex/model/users/accounts";\nexport const x = currentUser;\n',
      'import type { Timeline } from "@convex/model/events/timeline";\nexport type X = Timeline;\n',
    ]) {
      expect(await zoneErrors("src/lib/dates.ts", code)).toEqual([
        expect.stringContaining("only convex/_generated/ and convex/model/shared/"),
      ]);
    }
  });

  it("lets the browser import the generated API and the shared rules", async () => {
    const code = [
      'import { api } from "../../convex/_generated/api";',
      'import type { Id } from "../../convex/_generated/dataModel";',
      'import { formatBRL } from "../../convex/model/shared/money";',
      'import { MESSAGES } from "@convex/model/shared/texts";',
      'import { api as aliased } from "@convex/_generated/api";',
      "export const x: [typeof api, Id<'events'> | null, typeof formatBRL] = [api, null, formatBRL];",
      "export const y = [MESSAGES, aliased];",
      "",
    ].join("\n");
    expect(await zoneErrors("src/lib/dates.ts", code)).toEqual([]);
  });

  it("keeps each feature apart from the others, and open within itself", async () => {
    const across = 'import { SupportPanel } from "../../support/support-panel";\nexport const x = SupportPanel;\n';
    expect(await zoneErrors("src/features/events/list/event-card.tsx", across)).toEqual([
      expect.stringContaining("A feature does not import another feature"),
    ]);
    const within = 'import { EventCard } from "./event-card";\nexport const x = EventCard;\n';
    expect(await zoneErrors("src/features/events/list/event-list.tsx", within)).toEqual([]);
  });

  it("keeps shared UI and helpers free of features and of the app", async () => {
    const feature = 'import { EventCard } from "../features/events/list/event-card";\nexport const x = EventCard;\n';
    expect(await zoneErrors("src/components/modal.tsx", feature)).toEqual([expect.stringContaining("depend on no feature")]);
    const app = 'import { paths } from "../app/paths";\nexport const x = paths;\n';
    expect(await zoneErrors("src/lib/dates.ts", app)).toEqual([expect.stringContaining("depend on no feature")]);
  });

  it("keeps the backend free of the app and the tooling", async () => {
    const code = 'import { startLocalBackend } from "../local-backend/index.ts";\nexport const x = startLocalBackend;\n';
    expect(await zoneErrors("convex/events.ts", code)).toEqual([expect.stringContaining("depends only on itself")]);
  });

  it("keeps the test kit out of deployed code, and free of every test folder", async () => {
    const kit = 'import { DAY } from "../test-kit/time";\nexport const x = DAY;\n';
    expect(await zoneErrors("convex/events.ts", kit)).toEqual([expect.stringContaining("never imports the test kit")]);
    expect(await zoneErrors("convex/tests/events/events.test.ts", kit.replace("../", "../../../"))).toEqual([]);
    expect(await zoneErrors("convex/tests/test.helpers.ts", kit.replace("../", "../../"))).toEqual([]);
    const backend = 'import { startLocalBackend } from "../local-backend/index.ts";\nexport const x = startLocalBackend;\n';
    expect(await zoneErrors("test-kit/ports.ts", backend)).toEqual([expect.stringContaining("The test kit serves every kind of test")]);
    const model = 'import { currentUser } from "../convex/model/users/accounts";\nexport const x = currentUser;\n';
    expect(await zoneErrors("test-kit/ports.ts", model)).toEqual([expect.stringContaining("The test kit serves every kind of test")]);
    const generated = 'import { api } from "../convex/_generated/api";\nexport const x = api;\n';
    expect(await zoneErrors("test-kit/ports.ts", generated)).toEqual([]);
  });

  it("keeps Node's network and files out of the PIX sandbox's request handler, and lets its server use them", async () => {
    const http = 'import { createServer } from "node:http";\nexport const x = createServer;\n';
    for (const file of ["pix-sandbox/handler.ts", "pix-sandbox/sandbox.ts", "pix-sandbox/store.ts"]) {
      expect(await errorsOf("no-restricted-imports", file, http)).toEqual([expect.stringContaining("runs without a server")]);
    }
    expect(await errorsOf("no-restricted-imports", "pix-sandbox/server.ts", http)).toEqual([]);
  });

  it("keeps the PIX sandbox out of deployed code; the convex-test suites answer fetch with it", async () => {
    const handler = 'import { createPixHandler } from "../pix-sandbox/index.ts";\nexport const x = createPixHandler;\n';
    expect(await zoneErrors("convex/deposits.ts", handler)).toEqual([
      expect.stringContaining("never imports the test kit or the PIX sandbox"),
    ]);
    expect(await zoneErrors("convex/model/payments/mercadoPago.ts", handler.replace("../", "../../../"))).toEqual([
      expect.stringContaining("never imports the test kit or the PIX sandbox"),
    ]);
    expect(await zoneErrors("convex/tests/test.pix.ts", handler.replace("../", "../../"))).toEqual([]);
    expect(await zoneErrors("convex/tests/payments/deposits.test.ts", handler.replace("../", "../../../"))).toEqual([]);
  });

  it("lets code outside the local backend and the PIX sandbox import only their public faces", async () => {
    const deep = [
      ["scripts/bench/hot-event.ts", 'import { ConflictProfiler } from "../../local-backend/functions/profiler/conflict-profiler.ts";'],
      ["vitest.config.ts", 'import { functionEnvironment } from "./local-backend/functions/function-environment.ts";'],
      ["e2e/global-setup.ts", 'import { startLocalBackend } from "../local-backend/server.ts";'],
      ["pix-sandbox/server.ts", 'import { startLocalBackend } from "../local-backend/server.ts";'],
    ];
    for (const [file, line] of deep) {
      expect(await zoneErrors(file ?? "", `${line}\nexport const x = 1;\n`), file).toEqual([
        expect.stringContaining("import only its public face, local-backend/index.ts"),
      ]);
    }
    const sandbox = [
      ["convex/tests/test.pix.ts", 'import { createPixHandler } from "../../pix-sandbox/handler.ts";'],
      ["local-backend/app-concurrency/money.test.ts", 'import { startPixSandbox } from "../../pix-sandbox/server.ts";'],
      ["scripts/bench/pix-deposit.ts", 'import { signWebhook } from "../../pix-sandbox/webhook-signature.ts";'],
    ];
    for (const [file, line] of sandbox) {
      expect(await zoneErrors(file ?? "", `${line}\nexport const x = 1;\n`), file).toEqual([
        expect.stringContaining("import only its public face, pix-sandbox/index.ts"),
      ]);
    }
    expect(
      await zoneErrors(
        "scripts/bench/hot-event.ts",
        'import { ConflictProfiler } from "../../local-backend/index.ts";\nexport const x = ConflictProfiler;\n',
      ),
    ).toEqual([]);
    expect(
      await zoneErrors(
        "convex/tests/test.pix.ts",
        'import { createPixHandler } from "../../pix-sandbox/index.ts";\nexport const x = createPixHandler;\n',
      ),
    ).toEqual([]);
    expect(
      await zoneErrors(
        "local-backend/front/http-api.ts",
        'import { FunctionRunner } from "../functions/function-runner.ts";\nexport const x = FunctionRunner;\n',
      ),
    ).toEqual([]);
  });

  it("keeps the app's Mercado Pago code out of the PIX sandbox; its tests (the contract) may hold both", async () => {
    const formats = 'import { brasiliaTime } from "../convex/model/payments/mercadoPagoFormats.ts";\nexport const x = brasiliaTime;\n';
    for (const file of ["pix-sandbox/payments.ts", "pix-sandbox/webhook-signature.ts", "pix-sandbox/server.ts"]) {
      expect(await zoneErrors(file, formats), file).toEqual([expect.stringContaining("with its own code, not the app's")]);
    }
    expect(await zoneErrors("pix-sandbox/mercado-pago-contract.test.ts", formats)).toEqual([]);
  });

  it("keeps the mail sandbox out of deployed code; the convex-test suites answer fetch with it", async () => {
    const handler = 'import { createMailHandler } from "../mail-sandbox/handler.ts";\nexport const x = createMailHandler;\n';
    expect(await zoneErrors("convex/emails.ts", handler)).toEqual([expect.stringContaining("or the mail sandbox")]);
    expect(await zoneErrors("convex/tests/test.email.ts", handler.replace("../", "../../"))).toEqual([]);
  });

  it("keeps the local backend's layers one way: front → functions → database", async () => {
    const runner = 'import { FunctionRunner } from "../functions/function-runner.ts";\nexport const x = FunctionRunner;\n';
    expect(await zoneErrors("local-backend/database/database.ts", runner)).toEqual([expect.stringContaining("database/ knows nothing of")]);
    const front = 'import { handleApiRequest } from "../front/http-api.ts";\nexport const x = handleApiRequest;\n';
    expect(await zoneErrors("local-backend/functions/function-runner.ts", front)).toEqual([
      expect.stringContaining("functions/ use database/ only"),
    ]);
    const frontFromDatabase = 'import { handleApiRequest } from "../../front/http-api.ts";\nexport const x = handleApiRequest;\n';
    expect(await zoneErrors("local-backend/database/indexes/document-indexes.ts", frontFromDatabase)).toEqual([
      expect.stringContaining("database/ knows nothing of"),
    ]);
    const wiring = 'import { startLocalBackend } from "../server.ts";\nexport const x = startLocalBackend;\n';
    expect(await zoneErrors("local-backend/front/http-api.ts", wiring)).toEqual([
      expect.stringContaining("front/ uses functions/ and database/"),
    ]);
    expect(await zoneErrors("local-backend/functions/function-runner.ts", wiring)).toEqual([
      expect.stringContaining("functions/ use database/ only"),
    ]);
  });

  it("lets the local backend's arrows point down, and tests reach every layer", async () => {
    const down = [
      'import { FunctionRunner } from "../functions/function-runner.ts";',
      'import { Database } from "../database/database.ts";',
      "export const x = [FunctionRunner, Database];",
      "",
    ].join("\n");
    expect(await zoneErrors("local-backend/front/http-api.ts", down)).toEqual([]);
    const database = 'import { Database } from "../database/database.ts";\nexport const x = Database;\n';
    expect(await zoneErrors("local-backend/functions/function-runner.ts", database)).toEqual([]);
    const support = 'import { startTestBackend } from "../test-support.ts";\nexport const x = startTestBackend;\n';
    expect(await zoneErrors("local-backend/app-concurrency/money.test.ts", support)).toEqual([]);
    expect(
      await zoneErrors(
        "local-backend/database/concurrency.test.ts",
        'import { FunctionRunner } from "../functions/function-runner.ts";\nexport const x = FunctionRunner;\n',
      ),
    ).toEqual([]);
  });

  it("keeps shared model code free of server-only modules", async () => {
    const errors = await errorsOf(
      "no-restricted-imports",
      "convex/model/shared/money.ts",
      'import { idArg } from "../core/args";\nexport const x = idArg;\n',
    );
    expect(errors).toEqual([expect.stringContaining("keep it free of server-only modules")]);
  });

  it("has the app name convex/ by its alias, not by a relative path", async () => {
    const relative = 'import { api } from "../../../convex/_generated/api";\nexport const x = api;\n';
    expect(await errorsOf("no-restricted-imports", "src/features/wallet/withdraw-modal.tsx", relative)).toEqual([
      expect.stringContaining("Import convex/ as @convex/"),
    ]);
    const aliased = 'import { api } from "@convex/_generated/api";\nexport const x = api;\n';
    expect(await errorsOf("no-restricted-imports", "src/features/wallet/withdraw-modal.tsx", aliased)).toEqual([]);
  });
});
