import { SignJWT, generateKeyPair, jwtVerify, type CryptoKey } from "jose";
import { beforeAll, describe, expect, it } from "vitest";
import { cacheVerifiedTokens, type Verify } from "./verified-tokens.ts";

const ISSUER = "http://127.0.0.1:3211";
let keys: { privateKey: CryptoKey; publicKey: CryptoKey };
let clock = 0;
let checks = 0;

/** The backend's check (RS256 by our key, issuer, audience, expiry), at the test's clock, counting its runs. */
const verify: Verify = async (token) => {
  checks += 1;
  const { payload } = await jwtVerify(token, keys.publicKey, {
    issuer: ISSUER,
    audience: "convex",
    algorithms: ["RS256"],
    currentDate: new Date(clock),
  });
  return {
    identity: { subject: payload.sub!, issuer: ISSUER, tokenIdentifier: `${ISSUER}|${payload.sub}` },
    expiresAt: payload.exp! * 1000,
  };
};

function token(subject: string, expiresAt: number, privateKey = keys.privateKey): Promise<string> {
  return new SignJWT({})
    .setProtectedHeader({ alg: "RS256" })
    .setSubject(subject)
    .setIssuer(ISSUER)
    .setAudience("convex")
    .setIssuedAt(Math.floor((expiresAt - 3_600_000) / 1000))
    .setExpirationTime(Math.floor(expiresAt / 1000))
    .sign(privateKey);
}

const HOUR = 3_600_000;
const cached = () => cacheVerifiedTokens(verify, { now: () => clock });

beforeAll(async () => {
  keys = await generateKeyPair("RS256");
});

describe("verified tokens", () => {
  it("checks a token's signature once, then answers from what it verified", async () => {
    [clock, checks] = [1_800_000_000_000, 0];
    const verifier = cached();
    const valid = await token("ana|s1", clock + HOUR);
    const first = await verifier(valid);
    expect(await verifier(valid)).toEqual(first);
    expect(first.identity.subject).toBe("ana|s1");
    expect(checks).toBe(1);
  });

  it("refuses a cached token once it has expired", async () => {
    [clock, checks] = [1_800_000_000_000, 0];
    const verifier = cached();
    const valid = await token("ana|s1", clock + HOUR);
    await verifier(valid);
    clock += HOUR;
    await expect(verifier(valid)).rejects.toThrow(/exp/);
    expect(verifier.size).toBe(0);
  });

  it("refuses a forged token, and a cached token's payload under another signature", async () => {
    [clock, checks] = [1_800_000_000_000, 0];
    const verifier = cached();
    const valid = await token("ana|s1", clock + HOUR);
    await verifier(valid);
    const other = await generateKeyPair("RS256");
    await expect(verifier(await token("ana|s1", clock + HOUR, other.privateKey))).rejects.toThrow(/signature/);
    const [header, payload] = valid.split(".");
    const tampered = `${header}.${payload}.${"A".repeat(342)}`;
    await expect(verifier(tampered)).rejects.toThrow(/signature/);
    // Someone else's payload with the cached token's signature.
    const bruno = (await token("bruno|s2", clock + HOUR)).split(".")[1];
    await expect(verifier(`${header}.${bruno}.${valid.split(".")[2]}`)).rejects.toThrow(/signature/);
    expect(verifier.size).toBe(1);
  });

  it("keeps at most maxEntries, dropping the least recently used, and forgets all on clear", async () => {
    [clock, checks] = [1_800_000_000_000, 0];
    const verifier = cacheVerifiedTokens(verify, { now: () => clock, maxEntries: 2 });
    const [a, b, c] = await Promise.all(["a|1", "b|1", "c|1"].map((subject) => token(subject, clock + HOUR)));
    await verifier(a!);
    await verifier(b!);
    await verifier(a!);
    await verifier(c!);
    expect(verifier.size).toBe(2);
    checks = 0;
    await verifier(a!);
    await verifier(b!);
    expect(checks).toBe(1);
    verifier.clear();
    await verifier(a!);
    expect([verifier.size, checks]).toEqual([1, 2]);
  });
});
