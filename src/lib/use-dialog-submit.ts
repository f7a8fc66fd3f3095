import { useState } from "react";
import { errorNotice } from "./errors";

/**
 * The submit of a small dialog form: one request at a time (`pending`) and one line of refusal
 * (`error`, shown by DialogFormFooter). `run(work)` clears the refusal, runs `work` and shows the
 * server's Portuguese message if it fails (`fallback` when the failure carries none); `refuse`
 * shows a refusal found before asking the server. What the person typed is left alone.
 */
export function useDialogSubmit(fallback?: string) {
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  async function run(work: () => Promise<void>): Promise<void> {
    setPending(true);
    setError(null);
    try {
      await work();
    } catch (caught) {
      setError(errorNotice(caught, fallback).message);
    } finally {
      setPending(false);
    }
  }

  return { error, pending, refuse: setError, run };
}
