import { act, render, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { resetConvexFake, setConnection } from "../test/convex-fake";
import { CONNECTION_GRACE_MS, CONNECTION_LOST_TEXT, ConnectionBanner } from "./connection-banner";

vi.mock("convex/react", async () => (await import("../test/convex-fake")).convexReactFake);

beforeEach(() => {
  resetConvexFake();
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

const wait = (ms: number) => act(() => vi.advanceTimersByTime(ms));

describe("ConnectionBanner", () => {
  it("says nothing while connected", async () => {
    render(<ConnectionBanner />);
    await wait(CONNECTION_GRACE_MS * 2);
    expect(screen.getByRole("status")).toBeEmptyDOMElement();
  });

  it("stays silent during a quick first connect", async () => {
    setConnection({ isWebSocketConnected: false, hasEverConnected: false, connectionCount: 0 });
    render(<ConnectionBanner />);
    await wait(CONNECTION_GRACE_MS - 500);
    act(() => setConnection({ isWebSocketConnected: true, hasEverConnected: true, connectionCount: 1 }));
    await wait(CONNECTION_GRACE_MS);
    expect(screen.getByRole("status")).toBeEmptyDOMElement();
  });

  it("tells people when the server cannot be reached, and clears once reconnected", async () => {
    setConnection({ isWebSocketConnected: false, hasEverConnected: false, connectionCount: 0, connectionRetries: 3 });
    render(<ConnectionBanner />);
    expect(screen.getByRole("status")).toBeEmptyDOMElement();
    await wait(CONNECTION_GRACE_MS);
    expect(screen.getByRole("status")).toHaveTextContent(CONNECTION_LOST_TEXT);
    act(() => setConnection({ isWebSocketConnected: true, hasEverConnected: true, connectionCount: 1 }));
    expect(screen.getByRole("status")).toBeEmptyDOMElement();
  });

  it("shows again when an established connection is lost for a while", async () => {
    render(<ConnectionBanner />);
    act(() => setConnection({ isWebSocketConnected: false }));
    expect(screen.getByRole("status")).toBeEmptyDOMElement();
    await wait(CONNECTION_GRACE_MS);
    expect(screen.getByRole("status")).toHaveTextContent("Sem conexão com o servidor. Tentando reconectar…");
  });
});
