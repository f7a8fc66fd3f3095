import { describe, expect, test } from "vitest";
import { formatBRL, isValidAmountCents, MAX_AMOUNT_CENTS, parseBRL } from "./money";

describe("parseBRL", () => {
  test.each([
    ["10", 1000],
    ["10,5", 1050],
    ["10,50", 1050],
    ["10.50", 1050],
    ["1.234,56", 123456],
    ["1.234", 123400],
    ["R$ 7,00", 700],
    ["R$7", 700],
    [" 0,01 ", 1],
    ["1.000.000.000,00", MAX_AMOUNT_CENTS],
  ])("reads %j as %i cents", (input, cents) => {
    expect(parseBRL(input)).toBe(cents);
  });

  test.each([
    "",
    " ",
    "abc",
    "10,555",
    "1,234",
    "-5",
    "+5",
    "1e3",
    "NaN",
    "Infinity",
    "0",
    "0,00",
    "10,",
    ",50",
    "1.2345",
    "1,234.56",
    "R$",
    "5 reais",
    "1.000.000.000,01",
    "99999999999999",
  ])("rejects %j", (input) => {
    expect(parseBRL(input)).toBeNull();
  });
});

describe("formatBRL", () => {
  test("formats cents as reais with a plain space", () => {
    expect(formatBRL(5000)).toBe("R$ 50,00");
    expect(formatBRL(123450)).toBe("R$ 1.234,50");
    expect(formatBRL(1)).toBe("R$ 0,01");
  });
});

describe("isValidAmountCents", () => {
  test("accepts whole positive cents up to the cap only", () => {
    expect(isValidAmountCents(1)).toBe(true);
    expect(isValidAmountCents(MAX_AMOUNT_CENTS)).toBe(true);
    for (const bad of [0, -1, 1.5, Number.NaN, Infinity, MAX_AMOUNT_CENTS + 1, "100"]) {
      expect(isValidAmountCents(bad)).toBe(false);
    }
  });
});
