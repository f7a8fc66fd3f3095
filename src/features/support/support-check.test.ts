import { describe, expect, it } from "vitest";
import { checkSupport } from "./support-check";

const base = { walletCents: 5000, amountText: "10", minSupportCents: 500, closedReason: null };

describe("checkSupport", () => {
  it("follows the documented order: signed in, amount, wallet, limit, minimum, open", () => {
    expect(checkSupport({ ...base, walletCents: null, amountText: "x" })).toMatchObject({
      notice: { message: "Você precisa estar logado para apoiar este evento!" },
    });
    expect(checkSupport({ ...base, walletCents: 0, amountText: "x" })).toMatchObject({
      notice: { message: "Por favor, insira um valor válido!" },
    });
    expect(checkSupport({ ...base, walletCents: 0 })).toMatchObject({
      notice: { title: "Saldo Insuficiente", message: "Você não possui saldo suficiente para apoiar este evento." },
    });
    expect(checkSupport({ ...base, amountText: "60" })).toMatchObject({ notice: { message: "Saldo insuficiente!" } });
    expect(checkSupport({ ...base, amountText: "1", minSupportCents: 250 })).toMatchObject({
      notice: { message: "O valor mínimo de apoio é R$ 2,50" },
    });
    expect(checkSupport({ ...base, closedReason: "concluded" })).toMatchObject({
      notice: { message: "A porcentagem minima foi batida! Os apoios foram desativados..." },
    });
    expect(checkSupport({ ...base, closedReason: "started" })).toMatchObject({
      notice: { message: "Este evento já começou. Os apoios estão encerrados." },
    });
    expect(checkSupport({ ...base, closedReason: "cancelled" })).toMatchObject({
      notice: { message: "Este evento foi cancelado." },
    });
    expect(checkSupport(base)).toEqual({ ok: true, amountCents: 1000 });
  });

  it("rejects zero, negatives, three decimals and exponents", () => {
    for (const amountText of ["0", "-5", "10,505", "1e3", "NaN", "Infinity"]) {
      expect(checkSupport({ ...base, amountText })).toMatchObject({ ok: false, notice: { message: "Por favor, insira um valor válido!" } });
    }
  });
});
