import { describe, expect, test } from "vitest";
import { cleanText, hasVisibleText, isPlainEmailText } from "./cleanText";

describe("cleanText", () => {
  test.each([
    ["NUL and ESC", "Show\u0000 de\u001B[31m Rock", "Show de[31m Rock"],
    ["C1 controls (NEL is a line break)", "Show\u0085de\u009BRock", "Show deRock"],
    ["bidi overrides and isolates", "Show \u202Ekcor\u202C \u2066x\u2069", "Show kcor x"],
    ["zero-width space, word joiner, BOM, soft hyphen", "S\u200Bh\u2060o\uFEFFw\u00AD!", "Show!"],
    ["a lone high surrogate", "Show \uD800de", "Show de"],
    ["a lone low surrogate", "Show \uDC00de", "Show de"],
    ["tabs and line breaks in a single-line field", "Show\tde\nRock\r\nBR", "Show de Rock BR"],
    ["decomposed accents (NFC)", "Jose\u0301", "José"],
  ])("removes %s", (_label, raw, expected) => {
    expect(cleanText(raw)).toBe(expected);
  });

  test("keeps emoji sequences (ZWJ, variation selectors), RTL marks and astral characters", () => {
    const text = "Festa 👨‍👩‍👧 ❤️ \u200Fשלום 𝄞";
    expect(cleanText(text)).toBe(text);
  });

  test("keeps line breaks where lines are allowed, as \\n", () => {
    expect(cleanText("  oi\r\ntudo\u2028bem?\u0000  ", { multiline: true })).toBe("oi\ntudo\nbem?");
  });
});

describe("hasVisibleText", () => {
  test.each([
    ["", false],
    [" \t\n", false],
    ["\u200B\u200B", false],
    ["\u200D\uFE0F\u2060", false],
    ["\u3164\u115F\uFFA0", false],
    ["\u2800", false],
    ["\u0301\u0301", false],
    ["\u00A0\u2003", false],
    ["a", true],
    ["❤️", true],
    ["é", true],
  ])("%j → %s", (text, visible) => {
    expect(hasVisibleText(text)).toBe(visible);
  });
});

describe("isPlainEmailText", () => {
  test.each([
    ["maria@exemplo.com", true],
    ["josé@exemplo.com.br", true],
    ["ma\u200Bria@exemplo.com", false],
    ["maria@exemplo.com\u0000", false],
    ["\u202Emoc.olpmexe@airam", false],
    ["maria@exemplo.com\u00A0", false],
  ])("%j → %s", (email, plain) => {
    expect(isPlainEmailText(email)).toBe(plain);
    expect(isPlainEmailText(email)).toBe(plain); // no state carried between calls
  });
});
