import { useState } from "react";
import { ATTENTION_TITLE, type Notice } from "./notice";
import { errorNotice } from "./errors";

/**
 * The submit pattern of the app's forms: one submit at a time (`pending`), and what came of
 * it as a notice for NoticeAlert. `submit(work)` runs `work`; the notice it returns is shown
 * (null: nothing to say), and a failure is shown with the server's own Portuguese title and
 * text (titled "Atenção" when it has none). What the person typed is left alone on failure.
 * `onNotice` sees every notice shown (to announce it, say).
 */
export function useSubmitWithNotice(onNotice?: (notice: Notice) => void) {
  const [notice, setNotice] = useState<Notice | null>(null);
  const [pending, setPending] = useState(false);

  function show(next: Notice) {
    setNotice(next);
    onNotice?.(next);
  }

  async function submit(work: () => Promise<Notice | null>): Promise<void> {
    setPending(true);
    try {
      const result = await work();
      if (result !== null) show(result);
    } catch (error) {
      const { title, message } = errorNotice(error);
      show({ title: title ?? ATTENTION_TITLE, message, tone: "error" });
    } finally {
      setPending(false);
    }
  }

  return { notice, pending, show, submit, close: () => setNotice(null) };
}
