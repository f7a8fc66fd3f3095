/**
 * Starts what the browser tests need, on free loopback ports: an OpenID Connect issuer standing
 * in for Google, the PIX sandbox standing in for Mercado Pago (retries after a few hundred ms),
 * the local backend (in memory, no demo data, Google pointed at that issuer, payments at the
 * sandbox) and a production build of the app served by `vite preview`. All stop when the run
 * ends, or as soon as one of them fails to start.
 */
import { spawnSync } from "node:child_process";
import path from "node:path";
import { freePort } from "../test-kit/ports";
import { spawnAndWait } from "../test-kit/processes";
import { spawnPixSandbox } from "../test-kit/pix-sandbox";
import { localDeploymentVariables } from "../test-kit/deployment-variables";
import { spawnMailSandbox } from "../test-kit/mail-sandbox";
import { backendFlags, startLocalBackendProcess } from "../test-kit/local-backend";
import { GOOGLE_CLIENT_ID, GOOGLE_CLIENT_SECRET, startGoogleIssuer } from "./helpers/google-issuer";

const root = path.resolve(import.meta.dirname, "..");
// Node runs the tools directly (not through npx) so that stopping a child stops the server.
const vite = path.join(root, "node_modules", "vite", "bin", "vite.js");

/** What has been started so far, stopped newest first. */
function startedServers() {
  const stops: (() => Promise<unknown> | void)[] = [];
  const stopAll = async () => {
    for (const stop of stops.splice(0).reverse()) await stop();
  };
  return {
    /** Remembers how to stop what `started` resolves with; if it rejects, stops everything started before it. */
    async add<T>(started: Promise<T>, stop: (server: T) => Promise<unknown> | void): Promise<T> {
      const server = await started.catch(async (error: unknown) => {
        await stopAll();
        throw error;
      });
      stops.push(() => stop(server));
      return server;
    },
    stopAll,
  };
}

export default async function globalSetup() {
  const [backendPort, sitePort, appPort] = [await freePort(), await freePort(), await freePort()];
  const servers = startedServers();
  // The redirect URI a deployment registers with Google, here on the backend's site port.
  const google = await servers.add(startGoogleIssuer({ redirectUri: `http://127.0.0.1:${sitePort}/api/auth/callback/google` }), (issuer) =>
    issuer.stop(),
  );
  const pix = await servers.add(spawnPixSandbox(["--retry-delays", "200,500,1000,2000"]), (sandbox) => void sandbox.child.kill("SIGTERM"));
  const mail = await servers.add(spawnMailSandbox(), (sandbox) => void sandbox.child.kill("SIGTERM"));
  const backend = await servers.add(
    startLocalBackendProcess({
      args: backendFlags({ port: backendPort, sitePort }),
      env: { NO_COLOR: "1" },
      // The deployment's variables, set through the admin API as `npx convex env set` would.
      variables: {
        ...(await localDeploymentVariables({ siteUrl: `http://127.0.0.1:${appPort}` })),
        // The real Google provider, pointed at the stand-in issuer (only tests set the issuer).
        AUTH_GOOGLE_ID: GOOGLE_CLIENT_ID,
        AUTH_GOOGLE_SECRET: GOOGLE_CLIENT_SECRET,
        AUTH_GOOGLE_ISSUER: google.issuer,
        ...pix.backendEnv,
        // E-mail through the local mailbox (mail-sandbox/), retried quickly.
        ...mail.backendEnv,
        EMAIL_RETRY_BASE_MS: "200",
      },
    }),
    (started) => started.stop(),
  );
  const outDir = path.join(root, "node_modules", ".e2e-dist");
  const build = spawnSync(process.execPath, [vite, "build", "--outDir", outDir, "--emptyOutDir", "--logLevel", "warn"], {
    cwd: root,
    env: { ...process.env, VITE_CONVEX_URL: backend.url },
    stdio: "inherit",
  });
  if (build.status !== 0) {
    await servers.stopAll();
    throw new Error("vite build failed");
  }
  await servers.add(
    spawnAndWait(process.execPath, [vite, "preview", "--outDir", outDir, "--port", `${appPort}`, "--strictPort", "--host", "127.0.0.1"], {
      cwd: root,
      // NO_COLOR: with CI set, Vite would wrap the port in colour codes.
      env: { ...process.env, NO_COLOR: "1" },
      ready: new RegExp(`127\\.0\\.0\\.1:${appPort}`),
    }),
    ({ child }) => {
      child.removeAllListeners("exit");
      child.kill("SIGTERM");
    },
  );

  process.env.E2E_BASE_URL = `http://127.0.0.1:${appPort}`;
  process.env.E2E_CONVEX_URL = backend.url;
  process.env.E2E_ADMIN_KEY = backend.adminKey;
  process.env.E2E_GOOGLE_ISSUER = google.issuer;
  // The sandbox's page and control API (pix-sandbox/API.md); its token reads Mercado Pago's routes.
  process.env.E2E_PIX_SANDBOX_URL = pix.url;
  process.env.E2E_PIX_ACCESS_TOKEN = pix.accessToken;
  // The sandbox checks payout signatures; a test that sends a payout itself signs with the app's key.
  // The local mailbox's web inbox and JSON API (mail-sandbox/README.md).
  process.env.E2E_MAIL_SANDBOX_URL = mail.url;
  process.env.E2E_PIX_PAYOUT_PRIVATE_KEY = pix.backendEnv.MERCADOPAGO_PAYOUT_PRIVATE_KEY;

  return servers.stopAll;
}
