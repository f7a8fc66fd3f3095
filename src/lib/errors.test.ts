import { ConvexError } from "convex/values";
import { describe, expect, it } from "vitest";
import { errorNotice, GENERIC_ERROR } from "./errors";

describe("errorNotice", () => {
  it("passes the server's Portuguese title and message through as they are", () => {
    const error = new ConvexError({
      code: "NO_BALANCE",
      message: "Você não possui saldo suficiente para apoiar este evento.",
      title: "Saldo Insuficiente",
    });
    expect(errorNotice(error)).toEqual({
      code: "NO_BALANCE",
      title: "Saldo Insuficiente",
      message: "Você não possui saldo suficiente para apoiar este evento.",
    });
  });

  it("falls back to a generic text for anything else", () => {
    expect(errorNotice(new Error("socket closed"))).toEqual({ message: GENERIC_ERROR });
    expect(errorNotice(new ConvexError("plain string"), "Outra mensagem")).toEqual({ message: "Outra mensagem" });
  });
});
