/**
 * What functions see as `process.env`: the deployment's variables only, as in a Convex
 * isolate, never the shell's (a pushed app reading `process.env.HOME` or a developer's
 * secrets gets undefined). The backend itself shares the process, so `process.env` becomes a
 * view: code the runner marks as the app's (`asFunctionCode`: module loading, calls, jobs)
 * reads the variables `visible()` gives; everything else reads the real environment.
 */
import { AsyncLocalStorage } from "node:async_hooks";

const functionCode = new AsyncLocalStorage<true>();
let visible: () => Readonly<Record<string, string>> = () => ({});
let installed = false;

let declaredByApp: readonly string[] = [];

const inFunction = () => functionCode.getStore() === true;

/**
 * Notes the variables the app being loaded declares (`defineApp({ env })`): called as its code
 * loads, before its module-level code runs, which may read them.
 */
export function declareAppVariables(names: readonly string[]): void {
  declaredByApp = names;
}

/** The variables the app loaded last declares. */
export function appDeclaredVariables(): readonly string[] {
  return declaredByApp;
}

/** The deployment's variables as functions see them now (what a function worker gets as `process.env`). */
export function deploymentVariables(): Record<string, string> {
  return { ...visible() };
}

/** Runs `work` (and what it starts) as the app's code: `process.env` shows it the deployment's variables only. */
export function asFunctionCode<T>(work: () => T): T {
  return functionCode.run(true, work);
}

/** From now on (once per process), functions see `variables()` as `process.env`; writes go to the real environment. */
export function isolateFunctionEnvironment(variables: () => Readonly<Record<string, string>>): void {
  visible = variables;
  if (installed) return;
  installed = true;
  process.env = new Proxy(process.env, {
    // Onto the real environment itself (the default would define the property through the proxy, which process.env refuses).
    set: (target, name, value) => Reflect.set(target, name, value),
    get: (target, name) => (inFunction() ? (typeof name === "string" ? visible()[name] : undefined) : Reflect.get(target, name)),
    has: (target, name) => (inFunction() ? typeof name === "string" && Object.hasOwn(visible(), name) : Reflect.has(target, name)),
    ownKeys: (target) => (inFunction() ? Object.keys(visible()) : Reflect.ownKeys(target)),
    getOwnPropertyDescriptor: (target, name) => {
      if (!inFunction()) return Reflect.getOwnPropertyDescriptor(target, name);
      const values = visible();
      return typeof name === "string" && Object.hasOwn(values, name)
        ? { value: values[name], writable: true, enumerable: true, configurable: true }
        : undefined;
    },
  });
}
