import { expect, test } from "vitest";
import { api } from "../../_generated/api";
import { MESSAGES } from "../../model/shared/texts";
import { createEvent, newBackend, rejectionData, signedInUser, snapshot } from "../test.helpers";

test("signedInMutation refuses a signed-out caller before the handler, in the function's own words, writing nothing", async () => {
  const t = newBackend();
  const creator = await signedInUser(t, { name: "Criadora" });
  const eventId = await createEvent(creator.as);
  const before = await snapshot(t);
  expect(await rejectionData(t.mutation(api.supports.support, { eventId, amountCents: 1_000 }))).toMatchObject({
    code: "NOT_SIGNED_IN",
    message: MESSAGES.notSignedInToSupport,
  });
  expect(await rejectionData(t.mutation(api.events.cancel, { id: eventId }))).toMatchObject({
    code: "NOT_SIGNED_IN",
    message: MESSAGES.notSignedIn,
  });
  expect(await snapshot(t)).toEqual(before);
});

test("a user whose document is gone counts as signed out, with a valid token", async () => {
  const t = newBackend();
  const ghost = await signedInUser(t, { name: "Fantasma" });
  await t.run((ctx) => ctx.db.delete("users", ghost.userId));
  expect(await ghost.as.query(api.users.me, {})).toBeNull();
  expect((await rejectionData(ghost.as.mutation(api.events.generateImageUploadUrl, {}))).code).toBe("NOT_SIGNED_IN");
});

test("the caller reaches the handler as ctx.user, and signedOutMessage is part of the definition, not an argument", async () => {
  const t = newBackend();
  const maria = await signedInUser(t, { name: "Maria" });
  expect((await maria.as.query(api.users.me, {}))?._id).toBe(maria.userId);
  const creator = await signedInUser(t, { name: "Criadora" });
  const eventId = await createEvent(creator.as);
  const withExtra = { eventId, amountCents: 1_000, signedOutMessage: "outra" } as unknown as { eventId: string; amountCents: number };
  await expect(maria.as.mutation(api.supports.support, withExtra)).rejects.toThrow(/signedOutMessage/);
});
