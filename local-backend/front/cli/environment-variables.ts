/**
 * The deployment's environment variables, as on Convex: set with `npx convex env set`, kept
 * in the data folder (`environment.json`, written atomically), visible to functions as
 * `process.env`. The backend's own (`JWT_PRIVATE_KEY`, `JWKS`, `SITE_URL`,
 * `AUTH_LOCAL_LOGIN`) are put there at the first start and listed like any other;
 * `CONVEX_SITE_URL` and `CONVEX_CLOUD_URL` are built in, as on Convex, and not listed.
 * A change reloads the functions (module-level code reads `process.env` when loaded) and
 * re-runs every subscription.
 */
import { readFile } from "node:fs/promises";
import path from "node:path";
import { writeFileAtomic } from "../../database/storage/database-file.ts";
import { HttpError } from "../http-api.ts";

const FILE = "environment.json";
/** Convex's limits: names of letters, digits and `_` starting with a letter, up to 40; values up to 8 KiB. */
const NAME = /^[a-zA-Z][a-zA-Z0-9_]{0,39}$/;
const MAX_VALUE_BYTES = 8 * 1024;
const BUILT_IN = new Set(["CONVEX_SITE_URL", "CONVEX_CLOUD_URL"]);

export type EnvironmentChange = { name: string; value: string | null };

export class EnvironmentVariables {
  /** Runs after each change is applied (the server reloads the functions); none until set. */
  private readonly listeners: (() => Promise<void>)[] = [];

  private constructor(
    private readonly file: string | null,
    private values: Map<string, string>,
  ) {}

  /**
   * The variables saved in `dataDir` (or `initial` the first time, and always in memory),
   * applied to `process.env`.
   */
  static async open(dataDir: string | null, initial: Record<string, string>): Promise<EnvironmentVariables> {
    const file = dataDir === null ? null : path.join(dataDir, FILE);
    let saved: Record<string, string> | null = null;
    if (file !== null) {
      try {
        saved = JSON.parse(await readFile(file, "utf8")) as Record<string, string>;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw new Error(`${file} is not readable: ${(error as Error).message}`);
      }
      if (saved !== null && (typeof saved !== "object" || Object.values(saved).some((value) => typeof value !== "string"))) {
        throw new Error(`${file} does not hold environment variables (an object of strings)`);
      }
    }
    const variables = new EnvironmentVariables(file, new Map(Object.entries(saved ?? initial)));
    for (const [name, value] of variables.values) process.env[name] = value;
    if (saved === null) await variables.save();
    return variables;
  }

  /** The variables now, by name: a new map after each change (so a view of them can tell it is stale). */
  get current(): ReadonlyMap<string, string> {
    return this.values;
  }

  /** As `_system/cli/queryEnvironmentVariables` answers: by name. */
  list(): { name: string; value: string }[] {
    return [...this.values].sort(([a], [b]) => a.localeCompare(b)).map(([name, value]) => ({ name, value }));
  }

  get(name: string): { name: string; value: string } | null {
    const value = this.values.get(name);
    return value === undefined ? null : { name, value };
  }

  /** Applies every change or, when one is invalid, none. */
  async update(changes: EnvironmentChange[]): Promise<void> {
    for (const { name, value } of changes) {
      if (typeof name !== "string" || !NAME.test(name)) {
        throw new HttpError(
          400,
          "InvalidEnvironmentVariableName",
          `Environment variable name "${String(name)}" must start with a letter and hold only letters, digits and "_" (at most 40)`,
        );
      }
      if (BUILT_IN.has(name)) throw new HttpError(400, "InvalidEnvironmentVariableName", `${name} is built in and cannot be changed`);
      if (value !== null && typeof value !== "string")
        throw new HttpError(400, "InvalidEnvironmentVariableValue", `The value of ${name} must be a string`);
      if (value !== null && Buffer.byteLength(value) > MAX_VALUE_BYTES) {
        throw new HttpError(400, "InvalidEnvironmentVariableValue", `The value of ${name} is longer than 8 KiB`);
      }
    }
    const next = new Map(this.values);
    for (const { name, value } of changes) {
      if (value === null) next.delete(name);
      else next.set(name, value);
    }
    const previous = this.values;
    this.values = next;
    try {
      await this.save();
    } catch (error) {
      this.values = previous;
      throw error;
    }
    for (const name of previous.keys()) if (!next.has(name)) delete process.env[name];
    for (const [name, value] of next) process.env[name] = value;
    for (const listener of this.listeners) await listener();
  }

  /** Calls `listener` after each change is applied, after the listeners added before it. */
  onChange(listener: () => Promise<void>): void {
    this.listeners.push(listener);
  }

  private async save(): Promise<void> {
    if (this.file !== null) await writeFileAtomic(this.file, `${JSON.stringify(Object.fromEntries(this.values), null, 2)}\n`, 0o600);
  }
}
