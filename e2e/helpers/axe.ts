import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";

/** Serious and critical axe violations on the page as it is now, summarized for the report. */
export async function seriousViolations(page: Page) {
  // A dialog still fading in is half transparent, and axe would measure its text's contrast
  // mid-animation (a false colour-contrast failure on a loaded machine): let animations end.
  await page.waitForFunction(() =>
    document.getAnimations().every((a) => a.playState !== "running" || a.effect?.getTiming().iterations === Infinity),
  );
  const { violations } = await new AxeBuilder({ page }).analyze();
  return violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`);
}
