import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";
import { api, internal } from "../../_generated/api";
import type { Id } from "../../_generated/dataModel";
import { CLAIM_WINDOW_MS, SWEEP_PAGE_SIZE, UNUSED_UPLOAD_TTL_MS } from "../../model/events/images";
import { MAX_IMAGE_BYTES } from "../../model/shared/imageRules";
import { MESSAGES } from "../../model/shared/texts";
import { eventInput, newBackend, rejectionData, runDueFunctions, signedInUser, type Backend } from "../test.helpers";

const page = { numItems: 10, cursor: null };

/**
 * A file as if uploaded through the upload URL: storage holds it, nobody has claimed it yet.
 * convex-test's store() records no content type (the backend takes it from the upload's
 * header), so it is set on the `_storage` document here.
 */
async function upload(t: Backend, type = "image/png", bytes = 1000) {
  return t.run(async (ctx) => {
    const storageId = await ctx.storage.store(new Blob([new Uint8Array(bytes)], { type }));
    await (ctx.db.patch as (id: Id<"_storage">, value: { contentType: string }) => Promise<void>)(storageId, {
      contentType: type,
    });
    return storageId;
  });
}

const fileExists = (t: Backend, id: Id<"_storage">) => t.run(async (ctx) => (await ctx.db.system.get("_storage", id)) !== null);
const claims = (t: Backend) => t.run((ctx) => ctx.db.query("imageUploads").collect());

describe("event images", () => {
  test("generateImageUploadUrl needs a signed-in caller", async () => {
    const t = newBackend();
    expect((await rejectionData(t.mutation(api.events.generateImageUploadUrl, {}))).code).toBe("NOT_SIGNED_IN");
    const { as } = await signedInUser(t);
    expect(await as.mutation(api.events.generateImageUploadUrl, {})).toMatch(/^https?:\/\//);
  });

  test("an uploaded PNG becomes the event's image, resolved in the list, the event page and Meus Eventos", async () => {
    const t = newBackend();
    const { as } = await signedInUser(t);
    const storageId = await upload(t);
    expect(await as.mutation(api.events.claimImageUpload, { storageId })).toEqual({ accepted: true });
    const eventId = await as.mutation(api.events.create, { ...eventInput(), imageStorageId: storageId });
    const url = await t.run((ctx) => ctx.storage.getUrl(storageId));
    expect(url).toMatch(/^https?:\/\//);
    expect((await t.query(api.events.list, { paginationOpts: page })).page[0]?.imageUrl).toBe(url);
    expect((await t.query(api.events.list, { name: "Show de Rock", paginationOpts: page })).page[0]?.imageUrl).toBe(url);
    expect((await t.query(api.events.get, { id: eventId }))?.imageUrl).toBe(url);
    expect((await as.query(api.events.mine, {}))[0]?.imageUrl).toBe(url);
  });

  test.each([
    ["a PDF", "application/pdf", 1000],
    ["a GIF", "image/gif", 1000],
    ["a PNG over 5 MB", "image/png", MAX_IMAGE_BYTES + 1],
  ])("%s is refused with the message and deleted", async (_, type, bytes) => {
    const t = newBackend();
    const { as } = await signedInUser(t);
    const storageId = await upload(t, type, bytes);
    expect(await as.mutation(api.events.claimImageUpload, { storageId })).toEqual({
      accepted: false,
      message: MESSAGES.invalidImage,
    });
    expect(await fileExists(t, storageId)).toBe(false);
    expect(await claims(t)).toEqual([]);
    const refused = await rejectionData(as.mutation(api.events.create, { ...eventInput(), imageStorageId: storageId }));
    expect(refused.code).toBe("INVALID_IMAGE");
  });

  test("exactly 5 MB of WebP is accepted", async () => {
    const t = newBackend();
    const { as } = await signedInUser(t);
    const storageId = await upload(t, "image/webp", MAX_IMAGE_BYTES);
    expect(await as.mutation(api.events.claimImageUpload, { storageId })).toEqual({ accepted: true });
  });

  test("nobody can claim or attach someone else's upload", async () => {
    const t = newBackend();
    const ana = await signedInUser(t, { name: "Ana" });
    const beto = await signedInUser(t, { name: "Beto" });
    const storageId = await upload(t);
    await ana.as.mutation(api.events.claimImageUpload, { storageId });

    expect(await rejectionData(beto.as.mutation(api.events.claimImageUpload, { storageId }))).toEqual({
      code: "INVALID_IMAGE",
      message: MESSAGES.imageNotFound,
    });
    const refused = await rejectionData(beto.as.mutation(api.events.create, { ...eventInput(), imageStorageId: storageId }));
    expect(refused.code).toBe("INVALID_IMAGE");
    expect(await t.run((ctx) => ctx.db.query("events").collect())).toEqual([]);

    // Once Ana's event uses it, it cannot be attached again, not even by her.
    await ana.as.mutation(api.events.create, { ...eventInput(), imageStorageId: storageId });
    expect((await rejectionData(ana.as.mutation(api.events.create, { ...eventInput(), imageStorageId: storageId }))).code).toBe(
      "INVALID_IMAGE",
    );
    expect(await rejectionData(beto.as.mutation(api.events.claimImageUpload, { storageId }))).toMatchObject({ code: "INVALID_IMAGE" });
  });

  test("an unclaimed upload cannot be attached, and an image needs either a file or a URL, not both", async () => {
    const t = newBackend();
    const { as } = await signedInUser(t);
    const storageId = await upload(t);
    expect((await rejectionData(as.mutation(api.events.create, { ...eventInput(), imageStorageId: storageId }))).code).toBe(
      "INVALID_IMAGE",
    );
    await as.mutation(api.events.claimImageUpload, { storageId });
    const both = { ...eventInput({ imageUrl: "https://example.com/a.png" }), imageStorageId: storageId };
    expect((await rejectionData(as.mutation(api.events.create, both))).code).toBe("INVALID_EVENT");
    for (const bad of ["not-an-id", "x".repeat(10_000)]) {
      expect((await rejectionData(as.mutation(api.events.claimImageUpload, { storageId: bad }))).code).toBe("INVALID_IMAGE");
    }
  });
});

describe("cleanup of unused uploads", () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  test("a claimed upload that no event took is deleted a day later; one an event took stays", async () => {
    const t = newBackend();
    const { as } = await signedInUser(t);
    const unused = await upload(t);
    const used = await upload(t, "image/jpeg");
    await as.mutation(api.events.claimImageUpload, { storageId: unused });
    await as.mutation(api.events.claimImageUpload, { storageId: used });
    const eventId = await as.mutation(api.events.create, { ...eventInput(), imageStorageId: used });

    vi.advanceTimersByTime(UNUSED_UPLOAD_TTL_MS - 1000);
    await t.finishInProgressScheduledFunctions();
    expect(await fileExists(t, unused)).toBe(true);

    vi.advanceTimersByTime(1000);
    await t.finishInProgressScheduledFunctions();
    expect(await fileExists(t, unused)).toBe(false);
    expect(await fileExists(t, used)).toBe(true);
    expect((await claims(t)).map((c) => c.storageId)).toEqual([used]);
    expect((await t.query(api.events.get, { id: eventId }))?.imageUrl).toMatch(/^https?:\/\//);
  });
});

describe("upload URLs are limited per person", () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date("2026-11-23T12:00:00Z"));
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  test("attack: minting upload URLs in a loop stops at 20 an hour, for that person only", async () => {
    const t = newBackend();
    const flooder = await signedInUser(t, { name: "Enchedor" });
    const other = await signedInUser(t, { name: "Outra" });
    for (let i = 0; i < 20; i++) await flooder.as.mutation(api.events.generateImageUploadUrl, {});
    const refused = await rejectionData(flooder.as.mutation(api.events.generateImageUploadUrl, {}));
    expect(refused).toEqual({ code: "RATE_LIMITED", message: "Muitas tentativas. Tente novamente em 180 segundos." });
    expect(await other.as.mutation(api.events.generateImageUploadUrl, {})).toMatch(/^https?:\/\//);
    // A token comes back every 3 minutes.
    vi.setSystemTime(Date.now() + 3 * 60 * 1000);
    expect(await flooder.as.mutation(api.events.generateImageUploadUrl, {})).toMatch(/^https?:\/\//);
  });
});

describe("sweep of unclaimed uploads", () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  test("an upload nobody claimed within the hour is deleted by the hourly sweep; claimed and recent ones stay", async () => {
    const t = newBackend();
    const { as } = await signedInUser(t);
    const unclaimed = await upload(t);
    const claimed = await upload(t);
    await as.mutation(api.events.claimImageUpload, { storageId: claimed });
    vi.advanceTimersByTime(30 * 60 * 1000);
    const recent = await upload(t);
    vi.advanceTimersByTime(31 * 60 * 1000);

    await t.mutation(internal.eventImages.startSweep, {});
    await runDueFunctions(t);
    expect(await fileExists(t, unclaimed)).toBe(false);
    expect(await fileExists(t, claimed)).toBe(true);
    expect(await fileExists(t, recent)).toBe(true);
    // The next run picks up where this one stopped: the recent one, once its hour is over.
    vi.advanceTimersByTime(CLAIM_WINDOW_MS);
    await t.mutation(internal.eventImages.startSweep, {});
    await runDueFunctions(t);
    expect(await fileExists(t, recent)).toBe(false);
    expect(await fileExists(t, claimed)).toBe(true);
  });

  test("3,000 due files, some days old, are all deleted in one run of pages within the transaction limits", async () => {
    const t = newBackend({ transactionLimits: true });
    const { userId } = await signedInUser(t);
    const storeFiles = (count: number) =>
      t.run(async (ctx) => {
        for (let i = 0; i < count; i++) await ctx.storage.store(new Blob([new Uint8Array(10)], { type: "image/png" }));
      });
    // A backlog: 1,500 files three days old and 1,500 two hours old.
    for (let i = 0; i < 3; i++) await storeFiles(500);
    vi.advanceTimersByTime(70 * CLAIM_WINDOW_MS);
    for (let i = 0; i < 3; i++) await storeFiles(500);
    vi.advanceTimersByTime(2 * CLAIM_WINDOW_MS);
    // One in every 100 was claimed: those stay.
    const all = await t.run((ctx) => ctx.db.system.query("_storage").collect());
    expect(all).toHaveLength(3_000);
    const claimed = all.filter((_, i) => i % 100 === 0).map((file) => file._id);
    await t.run(async (ctx) => {
      for (const storageId of claimed) await ctx.db.insert("imageUploads", { storageId, userId });
    });

    await t.mutation(internal.eventImages.startSweep, {});
    await runDueFunctions(t);
    const left = await t.run((ctx) => ctx.db.system.query("_storage").collect());
    expect(left.map((file) => file._id).sort()).toEqual([...claimed].sort());
    const pages = await t.run((ctx) => ctx.db.system.query("_scheduled_functions").collect());
    expect(pages.filter((job) => job.name.includes("sweepUnclaimed")).length).toBeGreaterThanOrEqual(3_000 / SWEEP_PAGE_SIZE - 1);
  }, 120_000);
});
