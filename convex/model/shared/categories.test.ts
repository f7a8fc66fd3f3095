import { expect, test } from "vitest";
import { matchCategory } from "./categories";

test("category filter is an exact case-insensitive match; 'Todas' or none means all", () => {
  expect(matchCategory("música")).toBe("Música");
  expect(matchCategory("ESPORTE")).toBe("Esporte");
  expect(matchCategory("Todas")).toBe("all");
  expect(matchCategory(undefined)).toBe("all");
  expect(matchCategory("")).toBe("all");
  expect(matchCategory("tec")).toBeNull();
  expect(matchCategory("teatro")).toBeNull();
});
