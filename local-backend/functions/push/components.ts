/**
 * Installs the components of pushed code: the tree the pushed definitions describe
 * (load-push.ts), each with its pushed modules and schema.
 */
import { registerComponent } from "../../database/convex-test-adapter.ts";
import type { EngineInstance } from "../engine-instance.ts";
import type { LoadedPush } from "./load-push.ts";

/** Part of each instance's setup for pushed code; false when the instance runs convex/ from source. */
export function registerPushedComponents(instance: EngineInstance): boolean {
  const components = (instance.modules as Partial<LoadedPush>).components;
  if (components === undefined) return false;
  for (const { componentPath, schema, glob } of components)
    registerComponent(instance, componentPath, schema, instance.host.routeGlob(glob));
  return true;
}
