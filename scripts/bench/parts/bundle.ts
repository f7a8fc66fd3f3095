/** Each page's first-load JavaScript and CSS on a production build, against its target. */
import { FIRST_LOAD_JS_TARGETS, measureBundle, ROUTES, type BundleSizes, type RouteWeight, type Weight } from "../bundle-size";
import { bytes } from "../format";
import { benchPart, check, isNotMeasured, type NotMeasured } from "../part";
import type { Row } from "../table";

export const bundlePart = benchPart<BundleSizes>({
  name: "bundle",
  measure: async () => measureBundle(),
  rows: bundleRows,
});

function bundleRows(bundle: BundleSizes | NotMeasured): Row[] {
  const target = (route: (typeof ROUTES)[number]) => `JS ≤ ${bytes(FIRST_LOAD_JS_TARGETS[route])}`;
  if (isNotMeasured(bundle))
    return ROUTES.map((route) => ({
      section: "weight",
      measure: `first load of ${route}`,
      result: `not measured: ${bundle.notMeasured}`,
      target: target(route),
    }));
  const weight = ({ js, css }: Weight) => `JS ${bytes(js)}, CSS ${bytes(css)}`;
  const routeWeight = (route: RouteWeight) =>
    `${weight(route)} (JS: ${bytes(route.js - route.screenJs)} entry + ${bytes(route.screenJs)} screen)`;
  return [
    ...ROUTES.map((route): Row => ({
      section: "weight",
      measure: `first load of ${route}`,
      result: routeWeight(bundle.routes[route]),
      target: target(route),
      status: check(bundle.routes[route].js <= FIRST_LOAD_JS_TARGETS[route]),
    })),
    {
      section: "weight",
      measure: "/event/:id with Evolução dos apoios (first load + chart chunk)",
      result: `${weight(bundle.eventWithChart)} (chart chunk: JS ${bytes(bundle.eventWithChart.chartJs)})`,
    },
    { section: "weight", measure: "whole build", result: weight(bundle.total) },
  ];
}
