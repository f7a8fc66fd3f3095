import { act, renderHook } from "@testing-library/react";
import { ConvexError } from "convex/values";
import { describe, expect, it, vi } from "vitest";
import { GENERIC_ERROR } from "./errors";
import { ATTENTION_TITLE, type Notice } from "./notice";
import { useSubmitWithNotice } from "./use-submit-with-notice";

const done: Notice = { title: "Sucesso!", message: "Evento criado com sucesso.", tone: "success" };

describe("useSubmitWithNotice", () => {
  it("is pending while the work runs, then shows the notice it returned", async () => {
    const onNotice = vi.fn();
    const { result } = renderHook(() => useSubmitWithNotice(onNotice));
    let finish = (_notice: Notice | null) => {};
    let submitting: Promise<void> = Promise.resolve();
    act(() => {
      submitting = result.current.submit(() => new Promise((resolve) => (finish = resolve)));
    });
    expect(result.current.pending).toBe(true);
    await act(async () => {
      finish(done);
      await submitting;
    });
    expect(result.current.pending).toBe(false);
    expect(result.current.notice).toEqual(done);
    expect(onNotice).toHaveBeenCalledWith(done);
    act(() => result.current.close());
    expect(result.current.notice).toBeNull();
  });

  it("shows a refusal with the server's own title and text, 'Atenção' when it has no title, and a generic text for anything else", async () => {
    const { result } = renderHook(() => useSubmitWithNotice());
    const fail = (error: unknown) => act(() => result.current.submit(() => Promise.reject(error)));
    await fail(
      new ConvexError({
        code: "NO_BALANCE",
        title: "Saldo Insuficiente",
        message: "Você não possui saldo suficiente para apoiar este evento.",
      }),
    );
    expect(result.current.notice).toEqual({
      title: "Saldo Insuficiente",
      message: "Você não possui saldo suficiente para apoiar este evento.",
      tone: "error",
    });
    await fail(new ConvexError({ code: "EVENT_IN_PAST", message: "A data do evento precisa ser no futuro." }));
    expect(result.current.notice).toEqual({ title: ATTENTION_TITLE, message: "A data do evento precisa ser no futuro.", tone: "error" });
    await fail(new Error("socket closed"));
    expect(result.current.notice).toEqual({ title: ATTENTION_TITLE, message: GENERIC_ERROR, tone: "error" });
    expect(result.current.pending).toBe(false);
  });

  it("shows nothing when the work has nothing to say", async () => {
    const { result } = renderHook(() => useSubmitWithNotice());
    await act(() => result.current.submit(async () => null));
    expect(result.current.notice).toBeNull();
  });
});
