import { useState } from "react";
import { useConvex } from "convex/react";
import { errorNotice } from "../../lib/errors";
import { downloadSupporters } from "./download-supporters";

/** `Baixar apoiadores (CSV)`, for the event's organizer (the server checks it is them). */
export function DownloadSupportersButton({ eventId, eventName }: { eventId: string; eventName: string }) {
  const convex = useConvex();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function download() {
    setBusy(true);
    setError(null);
    try {
      await downloadSupporters(convex, eventId, eventName);
    } catch (failure) {
      setError(errorNotice(failure).message);
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      <button type="button" className="button button--secondary button--large" disabled={busy} onClick={() => void download()}>
        {busy ? "Preparando..." : "Baixar apoiadores (CSV)"}
      </button>
      {error !== null && (
        <p className="note note--closed" role="alert">
          {error}
        </p>
      )}
    </>
  );
}
