// Types for definition-hooks.js (plain JavaScript so Node's loader thread can run it).
import type { LoadHookSync, ResolveHookSync } from "node:module";

export function initialize(data: { mark: string }): void;
export const resolveSync: ResolveHookSync;
export const loadSync: LoadHookSync;
