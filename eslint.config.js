import convexPlugin from "@convex-dev/eslint-plugin";
import { createNodeResolver, importX } from "eslint-plugin-import-x";
import reactHooks from "eslint-plugin-react-hooks";
import tseslint from "typescript-eslint";
import { readdirSync } from "node:fs";
import { fileURLToPath } from "node:url";

const FEATURES = readdirSync(new URL("src/features", import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/** Everything outside local-backend/ and pix-sandbox/ that may use them: their public faces only. */
const OUTSIDE_THE_TOOLS = ["./src", "./convex", "./scripts", "./test-kit", "./e2e", "./mail-sandbox"];
const ROOT_CONFIGS = ["./vitest.config.ts", "./vitest.scale.config.ts", "./playwright.config.ts", "./vite.config.ts"];

/**
 * The local backend and the PIX sandbox are programs of their own: code outside each reaches
 * it through its index.ts, so their insides can change without touching their users.
 */
const PUBLIC_FACE_ZONES = [
  {
    target: [...OUTSIDE_THE_TOOLS, "./pix-sandbox", ...ROOT_CONFIGS],
    from: "./local-backend",
    except: ["./index.ts"],
    message: "Outside local-backend/, import only its public face, local-backend/index.ts (export what you need there).",
  },
  {
    target: [...OUTSIDE_THE_TOOLS, "./local-backend", ...ROOT_CONFIGS],
    from: "./pix-sandbox",
    except: ["./index.ts"],
    message: "Outside pix-sandbox/, import only its public face, pix-sandbox/index.ts (export what you need there).",
  },
];

/**
 * The sandbox plays Mercado Pago from its own reading of the format, so a misreading by the
 * app's adapter cannot pass on both sides; its contract test holds both to recorded examples.
 */
const PIX_SANDBOX_OWN_FORMAT_ZONE = {
  target: "./pix-sandbox",
  from: "./convex",
  message:
    "The PIX sandbox speaks Mercado Pago's format with its own code, not the app's (only its tests, the contract among them, import convex/).",
};

function architectureZones() {
  return [
    ...PUBLIC_FACE_ZONES,
    {
      target: "./src",
      from: "./convex",
      except: ["./_generated", "./model/shared"],
      message: "The browser imports only convex/_generated/ and convex/model/shared/ (the rest of convex/ is server code).",
    },
    ...FEATURES.map((feature) => ({
      target: `./src/features/${feature}`,
      from: "./src/features",
      except: [`./${feature}`],
      message:
        "A feature does not import another feature: move what both need to src/components/ or src/lib/, or compose them in src/app/.",
    })),
    {
      target: ["./src/components", "./src/lib"],
      from: ["./src/features", "./src/app"],
      message: "Shared UI and helpers (src/components/, src/lib/) depend on no feature and not on the app.",
    },
    {
      target: "./convex",
      from: ["./src", "./local-backend", "./e2e", "./scripts"],
      message: "The backend depends only on itself and its packages.",
    },
    {
      target: "./test-kit",
      from: ["./src", "./local-backend", "./e2e", "./scripts", "./convex"],
      except: ["./_generated"],
      message: "The test kit serves every kind of test: it depends only on convex/_generated/ and packages.",
    },
  ];
}

/**
 * The local backend's three layers, arrows one way: front/ (sync, HTTP API, CLI routes,
 * dashboard) → functions/ (the runner, push, scheduler) → database/ (documents, indexes,
 * storage); the files at its top (server.ts wiring the layers, main.ts, test-support.ts) use
 * all three and none of the layers uses them. Tests and their fixtures may reach any layer.
 */
const LOCAL_BACKEND_WIRING = [
  "./local-backend/server.ts",
  "./local-backend/main.ts",
  "./local-backend/test-support.ts",
  "./local-backend/app-functions.ts",
];
const LOCAL_BACKEND_LAYER_ZONES = [
  {
    target: "./local-backend/database",
    from: ["./local-backend/functions", "./local-backend/front", ...LOCAL_BACKEND_WIRING],
    message: "The local backend's database/ knows nothing of functions/, front/ or the wiring: pass what it needs in from above.",
  },
  {
    target: "./local-backend/functions",
    from: ["./local-backend/front", ...LOCAL_BACKEND_WIRING],
    message: "The local backend's functions/ use database/ only, never front/ or the wiring: front/ calls down into them.",
  },
  {
    target: "./local-backend/front",
    from: LOCAL_BACKEND_WIRING,
    message: "The local backend's front/ uses functions/ and database/, never the wiring (server.ts wires it).",
  },
];

/** The PIX sandbox's files that run only in Node, around its request handler (handler.ts). */
const PIX_SANDBOX_NODE_FILES = [
  "pix-sandbox/server.ts",
  "pix-sandbox/store-file.ts",
  "pix-sandbox/main.ts",
  "pix-sandbox/command-line.ts",
  "pix-sandbox/test-support.ts",
];

/**
 * What deployed code may not import: the test kit and the PIX sandbox (tests and their helpers
 * may: the convex-test suites answer the adapter's `fetch` with the sandbox's request handler).
 */
const DEPLOYED_CONVEX_ZONE = {
  target: "./convex",
  from: ["./test-kit", "./pix-sandbox", "./mail-sandbox"],
  message:
    "Deployed code never imports the test kit or the PIX sandbox or the mail sandbox: only tests and their helpers (*.test.ts, test.*.ts) do.",
};

/**
 * convex/model/'s domains, in two layers. The public function modules (convex/*.ts) call the
 * model, never the reverse. The foundations (who is calling, the team, the ledgers, the wallet,
 * PIX, e-mail and the bell) know nothing of events, supports or tickets: the event domains call
 * them, so money and messages stay usable by any new domain. privacy/ (deleting an account
 * touches every table) and shared/ (the browser's rules) stand outside both lists.
 */
const MODEL_FOUNDATIONS = ["core", "users", "team", "books", "wallet", "payments", "email", "notifications"];
const MODEL_EVENT_DOMAINS = ["supports", "tickets", "rewards", "settlement", "door", "waitingList", "waitingRoom", "chat"];
const FOUNDATIONS_MESSAGE =
  "The model's foundations (core, users, team, books, wallet, payments, email, notifications) know nothing of events, supports or tickets (events/writer.ts aside): pass what they need in, or move the code to the event domain that calls them.";
const CONVEX_DOMAIN_ZONES = [
  {
    target: "./convex/model",
    from: "./convex",
    except: ["./model", "./_generated"],
    message: "convex/model/ never imports the public function modules (or schema, auth, http): they call the model.",
  },
  {
    target: MODEL_FOUNDATIONS.map((domain) => `./convex/model/${domain}`),
    from: MODEL_EVENT_DOMAINS.map((domain) => `./convex/model/${domain}`),
    message: FOUNDATIONS_MESSAGE,
  },
  // events/ too, but for its writer: the one way to record a figure on an event (a fee mode, a payout's bonus part).
  {
    target: MODEL_FOUNDATIONS.map((domain) => `./convex/model/${domain}`),
    from: "./convex/model/events",
    except: ["./writer.ts"],
    message: FOUNDATIONS_MESSAGE,
  },
];

/**
 * Tables with one writer each: the module keeps what derives from a row in step (the event
 * writer: `nameLower`, counters, the search rows; the name index: its rows and counters), so
 * deployed code anywhere else that inserts, patches, replaces or deletes them is refused.
 * Writes must name their table (Convex's `db.patch("table", id, …)`), or this could not tell.
 */
const ONE_WRITER = [
  { tables: ["events"], module: "convex/model/events/writer.ts" },
  { tables: ["eventNameGrams", "eventNameGramCounts"], module: "convex/model/events/nameIndex.ts" },
];
const DB_CALL = ':matches([callee.object.property.name="db"], [callee.object.name="db"])';
const UNNAMED_TABLE_WRITES = [
  {
    selector: `CallExpression${DB_CALL}[callee.property.name=/^(patch|replace)$/][arguments.length=2]`,
    message: 'Name the table: db.patch("table", id, …) (a table with one writer is checked by its name).',
  },
  {
    selector: `CallExpression${DB_CALL}[callee.property.name="delete"][arguments.length=1]`,
    message: 'Name the table: db.delete("table", id) (a table with one writer is checked by its name).',
  },
];
function writesRefused({ tables, module }) {
  return {
    selector: `CallExpression${DB_CALL}[callee.property.name=/^(insert|patch|replace|delete)$/][arguments.0.value=/^(${tables.join("|")})$/]`,
    message: `Only ${module} writes ${tables.join(", ")}: call it (it keeps what derives from the row in step).`,
  };
}
function oneWriterConfigs() {
  const tests = ["convex/**/*.test.ts", "convex/**/test.*.ts"];
  return [
    {
      files: ["convex/**/*.ts"],
      ignores: [...tests, ...ONE_WRITER.map((writer) => writer.module)],
      rules: { "no-restricted-syntax": ["error", ...UNNAMED_TABLE_WRITES, ...ONE_WRITER.map(writesRefused)] },
    },
    ...ONE_WRITER.map((writer) => ({
      files: [writer.module],
      rules: {
        "no-restricted-syntax": ["error", ...UNNAMED_TABLE_WRITES, ...ONE_WRITER.filter((other) => other !== writer).map(writesRefused)],
      },
    })),
  ];
}

export default tseslint.config(
  { ignores: ["dist/", "node_modules/", "convex/_generated/", "coverage/", "test-results/", "playwright-report/", ".convex-local/"] },
  ...tseslint.configs.recommended,
  ...convexPlugin.configs.recommended,
  {
    files: ["**/*.{ts,tsx}"],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    plugins: { "react-hooks": reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      "@typescript-eslint/no-floating-promises": "error",
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_" }],
    },
  },
  // No import cycles anywhere: a cycle makes load order matter (a value read before its module
  // ran is undefined) and ties modules that should stand alone.
  {
    files: ["**/*.{ts,tsx}"],
    plugins: { "import-x": importX },
    settings: {
      "import-x/extensions": [".ts", ".tsx", ".js"],
      "import-x/parsers": { "@typescript-eslint/parser": [".ts", ".tsx"] },
      // The tsconfig gives the resolver the `@convex/…` alias, so the zones below see through it.
      "import-x/resolver-next": [
        createNodeResolver({
          extensions: [".ts", ".tsx", ".d.ts", ".js"],
          tsconfig: { configFile: fileURLToPath(new URL("tsconfig.base.json", import.meta.url)) },
        }),
      ],
    },
    rules: { "import-x/no-cycle": ["error", { ignoreExternal: true }] },
  },
  // The architecture, as import zones. The browser reaches the backend only through the
  // generated API and the pure rules of convex/model/shared/ (the rest of convex/ is server
  // code, types included: the app reads types off the API, see src/lib/api-types.ts). Each
  // feature stands alone; shared UI and helpers depend on no feature; the server depends on
  // no tooling. scripts/lint/ proves each zone fires.
  {
    files: ["**/*.{ts,tsx}"],
    rules: { "import-x/no-restricted-paths": ["error", { basePath: import.meta.dirname, zones: architectureZones() }] },
  },
  {
    files: ["convex/**/*.ts"],
    ignores: ["convex/**/*.test.ts", "convex/**/test.*.ts"],
    rules: {
      "import-x/no-restricted-paths": [
        "error",
        { basePath: import.meta.dirname, zones: [...architectureZones(), DEPLOYED_CONVEX_ZONE, ...CONVEX_DOMAIN_ZONES] },
      ],
    },
  },
  {
    files: ["convex/model/shared/**/*.ts"],
    ignores: ["**/*.test.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              regex: "^(\\.\\./|convex/server$|@convex-dev/|convex-helpers)",
              allowTypeImports: true,
              message: "convex/model/shared/ is loaded by the browser: keep it free of server-only modules.",
            },
          ],
        },
      ],
    },
  },
  {
    files: ["local-backend/**/*.ts"],
    ignores: ["local-backend/**/*.test.ts", "local-backend/**/test-convex/**", "local-backend/**/fixture-*.ts"],
    rules: {
      "import-x/no-restricted-paths": [
        "error",
        { basePath: import.meta.dirname, zones: [...architectureZones(), ...LOCAL_BACKEND_LAYER_ZONES] },
      ],
    },
  },
  {
    files: ["pix-sandbox/**/*.ts"],
    ignores: ["pix-sandbox/**/*.test.ts", "pix-sandbox/test-support.ts"],
    rules: {
      "import-x/no-restricted-paths": [
        "error",
        { basePath: import.meta.dirname, zones: [...architectureZones(), PIX_SANDBOX_OWN_FORMAT_ZONE] },
      ],
    },
  },
  // The PIX sandbox's request handler also answers the convex-test suites' fetch, in their edge
  // runtime: only the server, its data file and the command line use Node's network and files.
  {
    files: ["pix-sandbox/**/*.ts"],
    ignores: [...PIX_SANDBOX_NODE_FILES, "pix-sandbox/**/*.test.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              regex: "^node:(http|https|net|fs|fs/promises|child_process)$",
              message:
                "The sandbox's request handler runs without a server: Node's network and files stay in server.ts, store-file.ts and the CLI.",
            },
          ],
        },
      ],
    },
  },
  // The app names the backend by the `@convex/…` alias, so a file keeps its imports when it moves.
  {
    files: ["src/**/*.{ts,tsx}"],
    rules: {
      "no-restricted-imports": [
        "error",
        { patterns: [{ regex: "^(\\.\\./)+convex/", message: "Import convex/ as @convex/… (the alias in tsconfig.base.json)." }] },
      ],
    },
  },
  // A function reads on one screen: past 80 lines (blank lines and comments not counted) it does
  // several things, each of which deserves a name. Everywhere; tests are lists of cases and are
  // left out (scripts/lint/max-lines.test.ts proves the rule fires in every folder).
  {
    files: ["**/*.{ts,tsx,js}"],
    ignores: ["**/*.test.{ts,tsx}", "**/*.spec.ts", "convex/**/test.*.ts", "src/test/**"],
    rules: { "max-lines-per-function": ["error", { max: 80, skipBlankLines: true, skipComments: true, IIFEs: true }] },
  },
  // Convex Auth reads its issuer here before any module (and so `env`) exists.
  { files: ["convex/auth.config.ts"], rules: { "@convex-dev/no-process-env": "off" } },
  // Tests and tooling set the environment the functions read.
  {
    files: ["**/*.test.ts", "convex/**/test.*.ts", "local-backend/**", "scripts/**", "e2e/**"],
    rules: { "@convex-dev/no-process-env": "off" },
  },
  // One writer per table where derived fields must stay in step (scripts/lint/one-writer.test.ts).
  ...oneWriterConfigs(),
);
