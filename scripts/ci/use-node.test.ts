import { execFileSync } from "node:child_process";
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const ROOT = fileURLToPath(new URL("../..", import.meta.url));
const SCRIPT = path.join(ROOT, "scripts/ci/use-node.sh");
const ARCH = process.arch === "arm64" ? "arm64" : "x64";

/** A folder holding a `node` and an `npm` that print the given version (and where they were run from). */
function fakeNode(folder: string, version: string) {
  mkdirSync(folder, { recursive: true });
  writeFileSync(
    path.join(folder, "node"),
    `#!/bin/sh\nif [ "$1" = "-p" ]; then echo ${version.split(".")[0]}; else echo v${version}; fi\n`,
  );
  writeFileSync(path.join(folder, "npm"), `#!/bin/sh\necho "npm install $*" >> "${folder}/npm-calls"; echo 11.0.0\n`);
  chmodSync(path.join(folder, "node"), 0o755);
  chmodSync(path.join(folder, "npm"), 0o755);
}

/** Sources the script with only `bin` and the system's tools on PATH, and says which node it settled on. */
function useNode(bin: string, cache: string): string {
  return execFileSync("bash", ["-c", `source "${SCRIPT}" && command -v node`], {
    env: { PATH: `${bin}:/usr/bin:/bin`, APOIE_NODE_CACHE: cache, HOME: cache },
    encoding: "utf8",
  });
}

describe(".ci/run's Node (scripts/ci/use-node.sh)", () => {
  const want = readFileSync(path.join(ROOT, ".nvmrc"), "utf8").trim();

  it(".nvmrc names Node 24, and package.json's engines take it and 22", () => {
    expect(want).toBe("24");
    const engines = JSON.parse(readFileSync(path.join(ROOT, "package.json"), "utf8")).engines.node as string;
    expect(engines).toBe("^24.0.0 || ^22.12.0");
  });

  it("uses the machine's Node when it is the version of .nvmrc or newer", () => {
    const root = mkdtempSync(path.join(tmpdir(), "use-node-"));
    fakeNode(path.join(root, "bin"), "24.1.0");
    const output = useNode(path.join(root, "bin"), path.join(root, "cache"));
    expect(output).toContain("Node v24.1.0");
    expect(output.trim().split("\n").at(-1)).toBe(path.join(root, "bin", "node"));
  });

  it("puts the cached Node of .nvmrc first on PATH when the machine's is older", () => {
    const root = mkdtempSync(path.join(tmpdir(), "use-node-"));
    fakeNode(path.join(root, "bin"), "20.20.2");
    const cached = path.join(root, "cache", `${want}-${ARCH}`, "node_modules", `node-linux-${ARCH}`, "bin");
    fakeNode(cached, "24.22.3");
    const output = useNode(path.join(root, "bin"), path.join(root, "cache"));
    expect(output).toContain("Node v24.22.3");
    expect(output.trim().split("\n").at(-1)).toBe(path.join(cached, "node"));
  });

  it("installs node-linux-<arch>@<.nvmrc> from the registry when none is cached", () => {
    const root = mkdtempSync(path.join(tmpdir(), "use-node-"));
    fakeNode(path.join(root, "bin"), "20.20.2");
    // The fake npm records the call and installs nothing, so the script ends on the old Node.
    useNode(path.join(root, "bin"), path.join(root, "cache"));
    expect(readFileSync(path.join(root, "bin", "npm-calls"), "utf8")).toContain(`node-linux-${ARCH}@${want}`);
  });
});
