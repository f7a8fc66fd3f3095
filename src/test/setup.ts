import "@testing-library/jest-dom/vitest";
import { cleanup, configure } from "@testing-library/react";
import { afterEach, vi } from "vitest";

afterEach(() => {
  cleanup();
});

// findBy*/waitFor wait for a state, not for a speed: on a loaded 2-core machine a dialog can take
// longer than Testing Library's 1 s default to appear, so the ceiling is generous. A test that
// passes still passes as soon as the state is there.
configure({ asyncUtilTimeout: 10_000 });

// jsdom lacks a few browser APIs that Radix (floating-ui) and the layout touch.
class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}
globalThis.ResizeObserver ??= ResizeObserverStub as unknown as typeof ResizeObserver;
window.scrollTo = vi.fn() as unknown as typeof window.scrollTo;
Element.prototype.scrollIntoView ??= function scrollIntoView() {};
Element.prototype.hasPointerCapture ??= () => false;
Element.prototype.releasePointerCapture ??= () => {};
