/**
 * The dashboard's "Write conflicts" section: the conflicts that happened, then the ones the
 * profiler expects on Convex; each as hot documents, hottest first, with the functions on
 * either side and the reads they touched.
 */
import { escape } from "./html.ts";
import type { ConflictReport, HotDocument } from "../../functions/profiler/conflict-profiler.ts";

const SHOWN = 20;

function list(items: string[]): string {
  return items.map((item) => `<code>${escape(item)}</code>`).join("<br>");
}

function table(label: string, hotDocuments: HotDocument[]): string {
  if (hotDocuments.length === 0) return `<p class="muted">No conflicts.</p>`;
  const rows = hotDocuments
    .slice(0, SHOWN)
    .map(
      (hot) =>
        `<tr><td><code>${escape(hot.document)}</code></td><td class="number">${hot.conflictsPerSecond.toFixed(1)}</td><td>${list(hot.functions)}</td><td>${list(hot.reads)}</td></tr>`,
    )
    .join("");
  return `<div class="scroll"><table aria-label="${label}"><thead><tr><th scope="col">Document written</th><th scope="col" class="number">Conflicts/s</th><th scope="col">Functions</th><th scope="col">Read it touched</th></tr></thead><tbody>${rows}</tbody></table></div>`;
}

export function conflictsSection(report: ConflictReport): string {
  const seconds = (report.spanMs / 1000).toFixed(1);
  const real = `<p class="muted">Mutations here run concurrently and conflict as on Convex (retried, up to 4 times). Last ${seconds} s: ${report.real.conflicts} conflicts, ${report.real.failed} of them failing their mutation.</p>`;
  const expected = `<p class="muted">Functions run faster here than on Convex, so fewer overlap. Pairs committed within ${report.windowMs} ms of each other where one wrote what the other read would have conflicted there. Last ${seconds} s: ${report.conflicts} such pairs.</p>`;
  return `<section aria-labelledby="conflicts"><h2 id="conflicts">Write conflicts</h2>${real}${table("Documents that conflicted", report.real.hotDocuments)}
<h3>Expected on Convex</h3>${expected}${table("Hot documents", report.hotDocuments)}</section>`;
}
