/**
 * Starts what the browser tests need, on free loopback ports: an OpenID Connect issuer standing
 * in for Google, the PIX sandbox standing in for Mercado Pago (retries after a few hundred ms),
 * the local backend (in memory, no demo data, Google pointed at that issuer, payments at the
 * sandbox) and a production build of the app served by `vite preview`. All stop when the run ends.
 */
import { spawnSync, type ChildProcess } from "node:child_process";
import path from "node:path";
import { freePort } from "../test-kit/ports";
import { LOCAL_BACKEND_READY, spawnAndWait } from "../test-kit/processes";
import { spawnPixSandbox } from "../test-kit/pix-sandbox";
import { GOOGLE_CLIENT_ID, GOOGLE_CLIENT_SECRET, startGoogleIssuer } from "./helpers/google-issuer";

const root = path.resolve(import.meta.dirname, "..");
// Node runs the tools directly (not through npx) so that stopping a child stops the server.
const vite = path.join(root, "node_modules", "vite", "bin", "vite.js");

/** Starts a process and resolves once its output matches `ready` (with that output); rejects if it exits first. */
async function startAndWait(
  command: string,
  args: string[],
  env: NodeJS.ProcessEnv,
  ready: RegExp,
): Promise<{ child: ChildProcess; output: string }> {
  // NO_COLOR: with CI set, Vite would wrap the port in colour codes.
  const { child, match } = await spawnAndWait(command, args, { cwd: root, env: { ...process.env, NO_COLOR: "1", ...env }, ready });
  return { child, output: match.input };
}

export default async function globalSetup() {
  const [backendPort, sitePort, appPort] = [await freePort(), await freePort(), await freePort()];
  // The redirect URI a deployment registers with Google, here on the backend's site port.
  const google = await startGoogleIssuer({ redirectUri: `http://127.0.0.1:${sitePort}/api/auth/callback/google` });
  const pix = await spawnPixSandbox(["--retry-delays", "200,500,1000,2000"]).catch(async (error: unknown) => {
    await google.stop();
    throw error;
  });
  const { child: backend, output: backendOutput } = await startAndWait(
    process.execPath,
    ["--import", "tsx", "local-backend/main.ts", "--port", `${backendPort}`, "--site-port", `${sitePort}`, "--in-memory", "--no-seed"],
    {
      SITE_URL: `http://127.0.0.1:${appPort}`,
      // The real Google provider, pointed at the stand-in issuer (only tests set the issuer).
      AUTH_GOOGLE_ID: GOOGLE_CLIENT_ID,
      AUTH_GOOGLE_SECRET: GOOGLE_CLIENT_SECRET,
      AUTH_GOOGLE_ISSUER: google.issuer,
      ...pix.backendEnv,
    },
    LOCAL_BACKEND_READY,
  ).catch(async (error: unknown) => {
    pix.child.kill("SIGTERM");
    await google.stop();
    throw error;
  });
  const convexUrl = `http://127.0.0.1:${backendPort}`;
  const outDir = path.join(root, "node_modules", ".e2e-dist");
  const build = spawnSync(process.execPath, [vite, "build", "--outDir", outDir, "--emptyOutDir", "--logLevel", "warn"], {
    cwd: root,
    env: { ...process.env, VITE_CONVEX_URL: convexUrl },
    stdio: "inherit",
  });
  if (build.status !== 0) {
    backend.kill("SIGTERM");
    pix.child.kill("SIGTERM");
    await google.stop();
    throw new Error("vite build failed");
  }
  const { child: app } = await startAndWait(
    process.execPath,
    [vite, "preview", "--outDir", outDir, "--port", `${appPort}`, "--strictPort", "--host", "127.0.0.1"],
    {},
    new RegExp(`127\\.0\\.0\\.1:${appPort}`),
  ).catch(async (error: unknown) => {
    backend.kill("SIGTERM");
    pix.child.kill("SIGTERM");
    await google.stop();
    throw error;
  });

  process.env.E2E_BASE_URL = `http://127.0.0.1:${appPort}`;
  process.env.E2E_CONVEX_URL = convexUrl;
  // Printed before the ready line; the backend's dashboard asks for it.
  process.env.E2E_ADMIN_KEY = /^Admin key: (\S+)$/m.exec(backendOutput)?.[1] ?? "";
  process.env.E2E_GOOGLE_ISSUER = google.issuer;
  // The sandbox's page and control API (pix-sandbox/API.md); its token reads Mercado Pago's routes.
  process.env.E2E_PIX_SANDBOX_URL = pix.url;
  process.env.E2E_PIX_ACCESS_TOKEN = pix.accessToken;
  // The sandbox checks payout signatures; a test that sends a payout itself signs with the app's key.
  process.env.E2E_PIX_PAYOUT_PRIVATE_KEY = pix.backendEnv.MERCADOPAGO_PAYOUT_PRIVATE_KEY;

  return async () => {
    for (const child of [app, backend, pix.child]) {
      child.removeAllListeners("exit");
      child.kill("SIGTERM");
    }
    await google.stop();
  };
}
