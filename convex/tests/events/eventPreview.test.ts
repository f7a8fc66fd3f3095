import { describe, expect, test } from "vitest";
import { api } from "../../_generated/api";
import { formatBRL } from "../../model/shared/money";
import { createEvent, DAY, newBackend, signedInUser } from "../test.helpers";

// Set for the convex project in vitest.config.ts.
const SITE = "http://127.0.0.1:3211";
const APP = "http://127.0.0.1:5173";

/** The content of `<meta property|name="key" content="...">`. */
function metaContent(html: string, key: string): string | null {
  const match = new RegExp(`<meta (?:property|name)="${key}" content="([^"]*)">`).exec(html);
  return match ? match[1]! : null;
}

describe("link previews at <site>/e/<id>", () => {
  test("carry the event's Open Graph tags and send browsers to the event page", async () => {
    const t = newBackend();
    const { as } = await signedInUser(t);
    // 22:00 UTC, ten days ahead: 19:00 in Brasília (UTC−3).
    const day = new Date(Date.now() + 10 * DAY);
    const startsAt = Date.UTC(day.getUTCFullYear(), day.getUTCMonth(), day.getUTCDate(), 22, 0);
    const date = `${String(day.getUTCDate()).padStart(2, "0")}/${String(day.getUTCMonth() + 1).padStart(2, "0")}/${day.getUTCFullYear()}`;
    const id = await createEvent(as, {
      name: "Festival de Jazz",
      startsAt,
      goalCents: 200_000,
      description: "Três noites de jazz ao ar livre.",
      city: "Salvador",
      uf: "BA",
      imageUrl: "https://imagens.exemplo.com/jazz.jpg",
    });
    const detail = await t.query(api.events.get, { id });
    expect(detail?.shareUrl).toBe(`${SITE}/e/${id}`);

    const response = await t.fetch(`/e/${id}`);
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toContain("text/html");
    const html = await response.text();
    expect(metaContent(html, "og:title")).toBe("Festival de Jazz");
    expect(metaContent(html, "og:description")).toBe(
      `${date} às 19:00 · Salvador/BA · 0% da meta (${formatBRL(0)} de ${formatBRL(200_000)}). Três noites de jazz ao ar livre.`,
    );
    expect(metaContent(html, "og:image")).toBe("https://imagens.exemplo.com/jazz.jpg");
    expect(metaContent(html, "og:url")).toBe(`${SITE}/e/${id}`);
    expect(metaContent(html, "twitter:card")).toBe("summary_large_image");
    expect(html).toContain(`<meta http-equiv="refresh" content="0; url=${APP}/event/${id}">`);
  });

  test("a poster shipped as SVG is previewed by its absolute JPEG twin; text cannot break out of the tags", async () => {
    const t = newBackend();
    const { as } = await signedInUser(t);
    const id = await createEvent(as, { name: `"><script>alert(1)</script>`, imageUrl: undefined });
    await t.run(async (ctx) => ctx.db.patch("events", id, { imageUrl: "/images/events/jazz.svg" }));
    const html = await (await t.fetch(`/e/${id}`)).text();
    // WhatsApp and Facebook draw no SVG: the preview names the raster beside it.
    expect(metaContent(html, "og:image")).toBe(`${APP}/images/events/jazz.jpg`);
    expect(metaContent(html, "twitter:image")).toBe(`${APP}/images/events/jazz.jpg`);
    expect((await t.query(api.events.get, { id }))?.imageUrl).toBe("/images/events/jazz.svg");
    expect(html).not.toContain("<script>");
    expect(metaContent(html, "og:title")).toBe("&#34;&#62;&#60;script&#62;alert(1)&#60;/script&#62;");
  });

  test("an unknown or malformed id gets a 404 page in Portuguese", async () => {
    const t = newBackend();
    // The last three are not valid percent-encoding (a mangled shared link).
    for (const path of ["/e/nao-existe", "/e/", `/e/${"x".repeat(500)}`, "/e/%", "/e/%E0%A4%A", "/e/%C0%AF"]) {
      const response = await t.fetch(path);
      expect(response.status).toBe(404);
      expect(await response.text()).toContain("<h1>Evento não encontrado</h1>");
    }
  });
});
