import { expect, test } from "@playwright/test";
import { seriousViolations } from "./helpers/axe";
import { acceptTerms, openUserMenu, signInLocally } from "./helpers/ui";

/**
 * The terms dialog's code loads only for someone with terms to answer, after the signed-in header
 * has rendered. On a busy machine (or a slow phone) that left a gap in which the page looked usable:
 * a helper (or a person) saw the avatar, no question, and clicked on; then the dialog arrived over
 * the page and every later click landed on its overlay (browser tests hung for 2 minutes on a
 * click). Holding the dialog's code back makes the gap as long as we like, on any machine.
 */
test("the terms question covers the page from the first signed-in render, while its dialog's code is still loading", async ({
  page,
}, testInfo) => {
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  let held = false;
  await page.route(/\/assets\/terms-dialog-[\w-]+\.js$/, async (route) => {
    held = true;
    await released;
    await route.continue();
  });

  await page.goto("/");
  await signInLocally(page, "Lia Lenta", undefined, { acceptTerms: false });
  const terms = page.getByRole("alertdialog", { name: "Termos de uso e Política de privacidade" });
  await expect(terms).toBeVisible();
  await expect(terms).toHaveAttribute("aria-busy", "true");
  expect(held).toBe(true);
  // Nothing behind it takes a click: what lies under the avatar's centre is the cover, not the avatar.
  const avatar = page.getByRole("button", { name: "Abrir menu do usuário" });
  const box = (await avatar.boundingBox())!;
  const hit = await page.evaluate(
    ([x, y]) => document.elementFromPoint(x!, y!)?.closest("header") === null,
    [box.x + box.width / 2, box.y + box.height / 2],
  );
  expect(hit).toBe(true);
  expect(await seriousViolations(page)).toEqual([]);
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: 800 });
    await page.screenshot({ path: testInfo.outputPath(`termos-carregando-${width}.png`) });
  }

  release();
  await acceptTerms(page);
  await openUserMenu(page);
  await expect(page.getByRole("menuitem", { name: "Meus dados" })).toBeVisible();
});
