/** `Equipe`: invitations by e-mail, the first sign-in that activates them, removal, and what is refused. */
import { decodeJwt } from "jose";
import { describe, expect, test } from "vitest";
import { withSigningKeys } from "../test.signingKeys";
import { api } from "../../_generated/api";
import type { Id } from "../../_generated/dataModel";
import { MESSAGES } from "../../model/shared/texts";
import { TEAM_MESSAGES } from "../../model/shared/team";
import { allRows, createEvent, DAY, newBackend, rejectionData, signedInUser, snapshot, supportNow, type Backend } from "../test.helpers";

// Signing in for real: a waiting invitation is claimed at sign-in.
withSigningKeys();

async function signInLocally(t: Backend, name: string, email: string) {
  const result = await t.action(api.auth.signIn, { provider: "local", params: { name, email } });
  return t.withIdentity({ subject: decodeJwt(result.tokens!.token).sub!, issuer: process.env.CONVEX_SITE_URL! });
}

async function setup() {
  const t = newBackend();
  const organizer = await signedInUser(t, { name: "Organizadora", email: "org@exemplo.com" });
  const eventId = (await createEvent(organizer.as, {
    isTicketed: true,
    startsAt: Date.now() + 20 * DAY,
    goalCents: 1_000_000,
  })) as Id<"events">;
  return { t, organizer, eventId };
}

describe("invitations", () => {
  test("an invitation waits for that e-mail's first sign-in (any case), then the role acts", async () => {
    const { t, organizer, eventId } = await setup();
    await organizer.as.mutation(api.team.invite, { eventId, email: " Porteiro@Exemplo.com ", role: "portaria" });
    expect(await organizer.as.query(api.team.list, { eventId })).toEqual([
      expect.objectContaining({ email: "porteiro@exemplo.com", role: "portaria", joined: false }),
    ]);
    const porteiro = await signInLocally(t, "Pedro", "PORTEIRO@exemplo.com");
    expect(await porteiro.query(api.team.myRole, { eventId })).toBe("portaria");
    expect(await porteiro.query(api.tickets.checkInStats, { eventId })).toEqual({ issued: 0, used: 0 });
    expect((await organizer.as.query(api.team.list, { eventId }))[0]!.joined).toBe(true);
  });

  test("an e-mail that already has an account gets the role at once", async () => {
    const { t, organizer, eventId } = await setup();
    const gerente = await signedInUser(t, { name: "Gil", email: "gil@exemplo.com" });
    await organizer.as.mutation(api.team.invite, { eventId, email: "Gil@Exemplo.com", role: "gerente" });
    expect(await gerente.as.query(api.team.myRole, { eventId })).toBe("gerente");
  });

  test.each([
    ["a role beyond the organizer's", { email: "x@exemplo.com", role: "organizer" }, "INVALID_TEAM_ROLE", TEAM_MESSAGES.invalidRole],
    ["an unknown role", { email: "x@exemplo.com", role: "Visualização" }, "INVALID_TEAM_ROLE", TEAM_MESSAGES.invalidRole],
    ["oneself", { email: "ORG@exemplo.com", role: "gerente" }, "TEAM_INVITE_REFUSED", TEAM_MESSAGES.yourself],
    ["an e-mail that is not one", { email: "org@", role: "gerente" }, "INVALID_EMAIL", TEAM_MESSAGES.invalidEmail],
    ["a huge e-mail", { email: `${"a".repeat(1_000_000)}@exemplo.com`, role: "gerente" }, "INVALID_EMAIL", TEAM_MESSAGES.invalidEmail],
  ])("refuses %s, changing nothing", async (_label, invite, code, message) => {
    const { t, organizer, eventId } = await setup();
    const before = await snapshot(t);
    expect(await rejectionData(organizer.as.mutation(api.team.invite, { eventId, ...invite }))).toEqual({ code, message });
    expect(await snapshot(t)).toEqual(before);
  });

  test("refuses the same e-mail twice, whatever its case or role", async () => {
    const { t, organizer, eventId } = await setup();
    await organizer.as.mutation(api.team.invite, { eventId, email: "ana@exemplo.com", role: "portaria" });
    const before = await snapshot(t);
    expect(await rejectionData(organizer.as.mutation(api.team.invite, { eventId, email: "ANA@exemplo.com", role: "gerente" }))).toEqual({
      code: "TEAM_INVITE_REFUSED",
      message: TEAM_MESSAGES.alreadyInvited,
    });
    expect(await snapshot(t)).toEqual(before);
  });

  test("a member cannot hand out roles, not even a Gerente", async () => {
    const { t, organizer, eventId } = await setup();
    const gerente = await signedInUser(t, { name: "Gil", email: "gil@exemplo.com" });
    await organizer.as.mutation(api.team.invite, { eventId, email: "gil@exemplo.com", role: "gerente" });
    const before = await snapshot(t);
    expect((await rejectionData(gerente.as.mutation(api.team.invite, { eventId, email: "amigo@exemplo.com", role: "gerente" }))).code).toBe(
      "NOT_THE_ORGANIZER",
    );
    expect((await rejectionData(gerente.as.mutation(api.events.cancel, { id: eventId }))).code).toBe("NOT_THE_CREATOR");
    expect(await snapshot(t)).toEqual(before);
  });
});

describe("removal", () => {
  test("a removed member loses access at once: their open queries answer with the refusal", async () => {
    const { t, organizer, eventId } = await setup();
    const holder = await signedInUser(t, { name: "Bia" });
    await supportNow(t, holder.as, { eventId, amountCents: 1_000 });
    const coord = await signedInUser(t, { name: "Cora", email: "cora@exemplo.com" });
    const memberId = await organizer.as.mutation(api.team.invite, { eventId, email: "cora@exemplo.com", role: "coordenacao" });
    expect((await coord.as.query(api.attendees.page, { eventId, paginationOpts: { numItems: 10, cursor: null } })).page).toHaveLength(1);
    await organizer.as.mutation(api.team.remove, { eventId, memberId });
    expect(await coord.as.query(api.team.myRole, { eventId })).toBeNull();
    expect(await rejectionData(coord.as.query(api.attendees.page, { eventId, paginationOpts: { numItems: 10, cursor: null } }))).toEqual({
      code: "NOT_THE_ORGANIZER",
      message: MESSAGES.notTheOrganizer,
    });
    expect(await allRows(t, "teamMembers")).toEqual([]);
  });

  test("a member of another event cannot be removed through this one", async () => {
    const { t, organizer, eventId } = await setup();
    const other = (await createEvent(organizer.as, { isTicketed: true, startsAt: Date.now() + 20 * DAY })) as Id<"events">;
    const memberId = await organizer.as.mutation(api.team.invite, { eventId: other, email: "ana@exemplo.com", role: "portaria" });
    const before = await snapshot(t);
    expect((await rejectionData(organizer.as.mutation(api.team.remove, { eventId, memberId }))).code).toBe("TEAM_MEMBER_NOT_FOUND");
    expect(await snapshot(t)).toEqual(before);
  });
});

describe("what Portaria sees", () => {
  test("a check-in answers name, type and status only: never money or e-mails; the list stays closed", async () => {
    const { t, organizer, eventId } = await setup();
    // A holder without a display name: the door must not fall back to their e-mail.
    const holder = await signedInUser(t, { name: "", email: "semnome@exemplo.com" });
    await supportNow(t, holder.as, { eventId, amountCents: 1_000 });
    const [ticket] = await holder.as.query(api.tickets.mine, {});
    const porteiro = await signedInUser(t, { name: "Pedro", email: "pedro@exemplo.com" });
    await organizer.as.mutation(api.team.invite, { eventId, email: "pedro@exemplo.com", role: "portaria" });
    const checked = await porteiro.as.action(api.tickets.checkIn, { eventId, code: ticket!.code });
    expect(checked).toEqual({ holderName: "Usuário", code: ticket!.code, kind: null, note: null });
    const page = await porteiro.as.query(api.door.codes, { eventId, paginationOpts: { numItems: 10, cursor: null } });
    expect(JSON.stringify(page)).not.toMatch(/@|Cents|semnome/);
    for (const closed of [
      () => porteiro.as.query(api.attendees.page, { eventId, paginationOpts: { numItems: 10, cursor: null } }),
      () => porteiro.as.query(api.rewards.supporters, { eventId, paginationOpts: { numItems: 10, cursor: null } }),
      () => porteiro.as.query(api.door.figures, { eventId }),
    ]) {
      expect(ACCESS_CODES).toContain((await rejectionData(closed())).code);
    }
  });
});

const ACCESS_CODES = ["NOT_THE_ORGANIZER", "NOT_AT_THE_DOOR"];
