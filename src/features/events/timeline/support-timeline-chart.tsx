import { useQuery } from "convex/react";
import { api } from "@convex/_generated/api";
import { formatBRL } from "@convex/model/shared/money";
import type { Timeline } from "../../../lib/api-types";
import { chartGeometry } from "./chart-geometry";
import { momentLabeller } from "./time-axis";

/** The chart's data, live: it moves as soon as anyone supports. Loaded on demand (lazy). */
export default function SupportTimelineChart({ eventId }: { eventId: string }) {
  const timeline = useQuery(api.events.timeline, { id: eventId });
  if (timeline === undefined) return <div className="timeline__placeholder" />;
  if (timeline === null) return null;
  return <TimelineChart timeline={timeline} />;
}

/** Summary sentence, the drawing (for eyes) and the data table (for screen readers). */
export function TimelineChart({ timeline }: { timeline: Timeline }) {
  const { points, goalCents } = timeline;
  const geometry = chartGeometry(points, goalCents);
  const moment = momentOf(points);
  return (
    <>
      <p className="timeline__summary">{summaryOf(timeline)}</p>
      <div className="timeline__plot" aria-hidden="true">
        <svg className="timeline__svg" viewBox="0 0 100 100" preserveAspectRatio="none" focusable="false">
          <path className="timeline__area" d={geometry.area} />
          <path className="timeline__line" d={geometry.line} vectorEffect="non-scaling-stroke" />
          <line className="timeline__goal" x1="0" x2="100" y1={geometry.goalY} y2={geometry.goalY} vectorEffect="non-scaling-stroke" />
        </svg>
        <span className="timeline__goal-label" style={{ top: `${geometry.goalY}%` }}>
          Meta {formatBRL(goalCents)}
        </span>
        <span className="timeline__dot" style={{ left: `${geometry.last.x}%`, top: `${geometry.last.y}%` }} />
      </div>
      <div className="timeline__axis" aria-hidden="true">
        {geometry.ticks.map((tick) => (
          <span key={tick.x} className={`timeline__tick timeline__tick--at-${tick.x}`}>
            {tick.label}
          </span>
        ))}
      </div>
      {/* The wrapper hides it: a table grows to fit its cells whatever width it is given. */}
      <div className="sr-only">
        <table>
          <caption>Evolução dos apoios: total arrecadado ao longo do tempo</caption>
          <thead>
            <tr>
              <th scope="col">Data e hora</th>
              <th scope="col">Total arrecadado</th>
            </tr>
          </thead>
          <tbody>
            {points.map((point, index) => (
              <tr key={index}>
                <td>{moment(point.at)}</td>
                <td>{formatBRL(point.raisedCents)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}

/** One sentence with what the chart shows: where the total is, since when, and the goal. */
export function summaryOf({ points, goalCents, raisedCents, refundedCents, percent }: Timeline): string {
  const goal = formatBRL(goalCents);
  if (points.length <= 1) return `Nenhum apoio ainda. A meta é ${goal}.`;
  const moment = momentOf(points);
  const from = moment(points[0]!.at);
  const to = moment(points[points.length - 1]!.at);
  const reached = points.find((point) => point.raisedCents >= goalCents);
  return (
    `${formatBRL(raisedCents)} arrecadados de ${goal} (${percent}% da meta) ` +
    (from === to ? `em ${to}.` : `entre ${from} e ${to}.`) +
    (reached ? ` A meta foi atingida em ${moment(reached.at)}.` : "") +
    (refundedCents > 0 ? ` ${formatBRL(refundedCents)} devolvidos aos apoiadores.` : "")
  );
}

/** Moments as the series needs them: with seconds when it spans only minutes, so its times differ. */
function momentOf(points: Timeline["points"]): (at: number) => string {
  return momentLabeller(points[points.length - 1]!.at - points[0]!.at);
}
