import { describe, expect, test } from "vitest";
import { createMailHandler } from "./handler.ts";
import { startMailSandbox } from "./server.ts";

const KEY = "re_key";
const body = { from: "Apoie <a@apoie.test>", to: ["ana@exemplo.com"], subject: "Oi", html: '<p>Oi <img src="cid:qr-0"></p>', text: "Oi" };

function send(mail: ReturnType<typeof createMailHandler>, payload: unknown = body, key: string | null = "k1") {
  return mail.handle(
    new Request("http://mail.test/emails", {
      method: "POST",
      headers: { authorization: `Bearer ${KEY}`, "content-type": "application/json", ...(key === null ? {} : { "idempotency-key": key }) },
      body: JSON.stringify(payload),
    }),
  );
}

describe("Resend's send", () => {
  test("stores an e-mail and answers its id; the same key answers the same id and stores nothing", async () => {
    const mail = createMailHandler({ apiKey: KEY });
    const first = (await (await send(mail)).json()) as { id: string };
    const again = (await (await send(mail)).json()) as { id: string };
    expect(again.id).toBe(first.id);
    expect(mail.store.messages).toHaveLength(1);
    expect((await send(mail, { ...body, subject: "Outro" })).status).toBe(409);
  });

  test("refuses a wrong key, a header break in the subject and the refused domain", async () => {
    const mail = createMailHandler({ apiKey: KEY });
    const wrongKey = await mail.handle(new Request("http://mail.test/emails", { method: "POST", body: JSON.stringify(body) }));
    expect(wrongKey.status).toBe(401);
    expect((await send(mail, { ...body, subject: "Oi\r\nBcc: x@y.com" }, "k2")).status).toBe(422);
    expect((await send(mail, { ...body, to: ["x@recusa.invalid"] }, "k3")).status).toBe(422);
    expect(mail.store.messages).toHaveLength(0);
  });

  test("faults: a status stores nothing; a drop stores and loses the answer, and the retry gets the same e-mail", async () => {
    const mail = createMailHandler({ apiKey: KEY });
    mail.faults.apply(new URLSearchParams("status=429"));
    const limited = await send(mail);
    expect(limited.status).toBe(429);
    expect(limited.headers.get("retry-after")).toBe("1");
    mail.faults.apply(new URLSearchParams("drop=1"));
    await expect(send(mail)).rejects.toThrow(TypeError);
    expect(mail.store.messages).toHaveLength(1);
    expect(((await (await send(mail)).json()) as { id: string }).id).toBe(mail.store.messages[0]!.id);
  });
});

describe("the server", () => {
  test("serves the inbox with the e-mail's HTML sandboxed and its inline image, and drops the connection on a drop fault", async () => {
    const sandbox = await startMailSandbox({ port: 0, apiKey: KEY });
    try {
      const post = (key: string) =>
        fetch(`${sandbox.url}/emails`, {
          method: "POST",
          headers: { authorization: `Bearer ${KEY}`, "idempotency-key": key },
          body: JSON.stringify({
            ...body,
            attachments: [{ filename: "qr.png", content: "iVBORw0KGgo=", content_id: "qr-0", content_type: "image/png" }],
          }),
        });
      const { id } = (await (await post("a")).json()) as { id: string };
      const inbox = await (await fetch(sandbox.url)).text();
      expect(inbox).toContain("Caixa de e-mails (local)");
      expect(inbox).toContain(`/messages/${id}`);
      const page = await (await fetch(`${sandbox.url}/messages/${id}`)).text();
      expect(page).toContain('sandbox="allow-popups');
      expect(page).toContain(`/messages/${id}/cid/qr-0`);
      expect((await fetch(`${sandbox.url}/messages/${id}/cid/qr-0`)).headers.get("content-type")).toBe("image/png");
      await fetch(`${sandbox.url}/sandbox/faults?drop=1`, { method: "POST" });
      await expect(post("b")).rejects.toThrow();
      expect(((await (await fetch(`${sandbox.url}/api/stats`)).json()) as { messages: number }).messages).toBe(2);
    } finally {
      await sandbox.close();
    }
  });
});
