import { expect, test } from "@playwright/test";

// Lighthouse's SEO audit: crawlers get a real robots.txt, not the app's HTML fallback.
test("robots.txt is plain text that allows crawling", async ({ request }) => {
  const response = await request.get("/robots.txt");
  expect(response.ok()).toBe(true);
  expect(response.headers()["content-type"]).toContain("text/plain");
  expect(await response.text()).toBe("User-agent: *\nAllow: /\n");
});
