import { fileURLToPath } from "node:url";
import { defineConfig, type Plugin } from "vite";
import react from "@vitejs/plugin-react";

/** `@convex/…` is convex/…, as tsconfig.base.json's `paths` say to TypeScript. */
export const resolve = { alias: { "@convex": fileURLToPath(new URL("./convex", import.meta.url)) } };

/**
 * A few bytes of inline script at the top of index.html, run while the entry downloads:
 *
 * - Each screen is a chunk of its own (src/app/router.tsx), which the browser would only ask
 *   for once the entry has downloaded and run: a phone would wait one more round trip before
 *   the screen (and its queries) can start. The script asks for the chunks of the screen the
 *   address opens (`<link rel="modulepreload">`). Address patterns: src/app/paths.ts.
 * - The first `Intl` formatter a page builds loads the browser's locale data (~15 ms for
 *   numbers and ~10 ms more for dates here, four times that on a mid-range phone). Built where
 *   they are used (convex/model/shared/money.ts, src/lib/dates.ts), that lands inside the long
 *   task that evaluates a screen's code; built here, each in a task of its own while the main
 *   thread waits for the network, it blocks nothing, and the formatters built later are cheap.
 */
const SCREEN_CHUNKS: [pattern: string, module: string][] = [
  ["^/$", "src/app/routes/home.tsx"],
  ["^/event/[^/]+/?$", "src/app/routes/event.tsx"],
  ["^/chat/[^/]+/?$", "src/app/routes/chat.tsx"],
];

function startEarly(): Plugin {
  return {
    name: "apoie:start-early",
    apply: "build",
    transformIndexHtml: {
      order: "post",
      handler(html, { bundle }) {
        if (bundle === undefined) return html;
        const chunks = Object.values(bundle).filter((output) => output.type === "chunk");
        const entry = chunks.find((chunk) => chunk.isEntry);
        // What index.html already loads (the entry and its static imports) is not asked for twice.
        const loaded = new Set([entry?.fileName, ...(entry?.imports ?? [])]);
        const filesOf = (fileName: string, files: Set<string>) => {
          if (loaded.has(fileName) || files.has(fileName)) return files;
          files.add(fileName);
          for (const imported of chunks.find((chunk) => chunk.fileName === fileName)?.imports ?? []) filesOf(imported, files);
          return files;
        };
        const screens = SCREEN_CHUNKS.flatMap(([pattern, module]) => {
          const chunk = chunks.find((candidate) => candidate.facadeModuleId?.endsWith(module));
          return chunk === undefined ? [] : [[pattern, [...filesOf(chunk.fileName, new Set())].map((file) => `/${file}`)]];
        });
        const script =
          `for(const[p,f]of ${JSON.stringify(screens)})if(new RegExp(p).test(location.pathname))` +
          `for(const h of f){const l=document.createElement("link");l.rel="modulepreload";l.href=h;document.head.append(l)}` +
          `setTimeout(()=>new Intl.NumberFormat("pt-BR",{style:"currency",currency:"BRL"}).format(0));` +
          `setTimeout(()=>new Intl.DateTimeFormat("pt-BR",{dateStyle:"short",timeStyle:"short"}).format(0));`;
        // Right after the charset (which must come in the first 1,024 bytes) and before the
        // stylesheet, which an inline script would otherwise wait for.
        const charset = '<meta charset="UTF-8" />';
        if (!html.includes(charset)) throw new Error(`index.html has no ${charset}`);
        return html.replace(charset, `${charset}\n    <script>${script}</script>`);
      },
    },
  };
}

export default defineConfig({
  plugins: [react(), startEarly()],
  resolve,
  server: { host: "127.0.0.1", port: 5173 },
  preview: { host: "127.0.0.1" },
});
