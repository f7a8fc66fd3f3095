import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";

// The zones between convex/model/'s domains (eslint.config.js, CONVEX_DOMAIN_ZONES): each text
// below is linted as if it were a real model file importing a real module, so every zone is
// proven to fire, and the imports the layers allow are proven to pass.
const eslint = new ESLint({
  cwd: process.cwd(),
  overrideConfig: { languageOptions: { parserOptions: { projectService: false } } },
  ruleFilter: ({ ruleId }) => ruleId === "import-x/no-restricted-paths",
});

async function zoneErrors(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).filter((m) => m.ruleId === "import-x/no-restricted-paths").map((m) => m.message);
}

describe("the zones between convex/model/'s domains (ESLint)", () => {
  it("keeps the model from importing the public function modules", async () => {
    const publicModule = 'import { list } from "../../events";\nexport const x = list;\n';
    expect(await zoneErrors("convex/model/events/search.ts", publicModule)).toEqual([
      expect.stringContaining("never imports the public function modules"),
    ]);
    const schema = 'import schema from "../../schema";\nexport const x = schema;\n';
    expect(await zoneErrors("convex/model/tickets/purchases.ts", schema)).toEqual([
      expect.stringContaining("never imports the public function modules"),
    ]);
    const generated = 'import { internal } from "../../_generated/api";\nexport const x = internal;\n';
    expect(await zoneErrors("convex/model/events/search.ts", generated)).toEqual([]);
  });

  it("lets the public function modules and the tests import the model", async () => {
    const model = 'import { drainQueue } from "./model/supports/queue";\nexport const x = drainQueue;\n';
    expect(await zoneErrors("convex/supportQueue.ts", model)).toEqual([]);
  });

  it("keeps the foundations (money, people, messages) free of the event domains", async () => {
    const cases: [string, string][] = [
      ["convex/model/wallet/ledger.ts", 'import { drainQueue } from "../supports/queue";'],
      ["convex/model/payments/deposits.ts", 'import { typesOf } from "../tickets/ticketTypes";'],
      ["convex/model/books/check.ts", 'import { toEventSummary } from "../events/views";'],
      ["convex/model/email/triggers.ts", 'import { chooseReward } from "../rewards/catalog";'],
      ["convex/model/notifications/inbox.ts", 'import { openDoor } from "../door/sessions";'],
      ["convex/model/core/rateLimits.ts", 'import { roomOf } from "../waitingRoom/rooms";'],
    ];
    for (const [file, line] of cases) {
      expect(await zoneErrors(file, `${line}\nexport const x = 1;\n`), file).toEqual([
        expect.stringContaining("know nothing of events, supports or tickets"),
      ]);
    }
  });

  it("lets the event domains call the foundations, and foundations call each other", async () => {
    const cases: [string, string][] = [
      ["convex/model/supports/queue.ts", 'import { changeWallet } from "../wallet/ledger";'],
      ["convex/model/tickets/purchases.ts", 'import { currentUser } from "../users/accounts";'],
      ["convex/model/payments/deposits.ts", 'import { changeWallet } from "../wallet/ledger";'],
      ["convex/model/settlement/settle.ts", 'import { insertEvent } from "../events/writer";'],
      // The event writer is the one way in: a fee mode, a payout's bonus part are figures on the event.
      ["convex/model/books/fees.ts", 'import { writeEvent } from "../events/writer";'],
    ];
    for (const [file, line] of cases) {
      expect(await zoneErrors(file, `${line}\nexport const x = 1;\n`), file).toEqual([]);
    }
  });
});
