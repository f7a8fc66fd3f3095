/**
 * The dashboard's "Write conflicts" section: the conflict profiler's hot documents, hottest
 * first, with the functions on either side and the reads they touched.
 */
import { escape } from "../dashboard/html.ts";
import type { ConflictReport } from "./conflict-profiler.ts";

const SHOWN = 20;

function list(items: string[]): string {
  return items.map((item) => `<code>${escape(item)}</code>`).join("<br>");
}

export function conflictsSection(report: ConflictReport): string {
  const seconds = (report.spanMs / 1000).toFixed(1);
  const intro = `<p class="muted">Mutations here run one at a time; on Convex they overlap. Pairs committed within ${report.windowMs} ms of each other where one wrote what the other read would have conflicted there (one retried, failing under sustained load). Last ${seconds} s: ${report.conflicts} conflicts.</p>`;
  if (report.hotDocuments.length === 0) {
    return `<section aria-labelledby="conflicts"><h2 id="conflicts">Write conflicts</h2>${intro}<p class="muted">No conflicts.</p></section>`;
  }
  const rows = report.hotDocuments
    .slice(0, SHOWN)
    .map(
      (hot) =>
        `<tr><td><code>${escape(hot.document)}</code></td><td class="number">${hot.conflictsPerSecond.toFixed(1)}</td><td>${list(hot.functions)}</td><td>${list(hot.reads)}</td></tr>`,
    )
    .join("");
  return `<section aria-labelledby="conflicts"><h2 id="conflicts">Write conflicts</h2>${intro}
<div class="scroll"><table aria-label="Hot documents"><thead><tr><th scope="col">Document written</th><th scope="col" class="number">Conflicts/s</th><th scope="col">Functions</th><th scope="col">Read it touched</th></tr></thead><tbody>${rows}</tbody></table></div></section>`;
}
