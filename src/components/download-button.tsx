import { useState } from "react";
import { errorNotice } from "../lib/errors";

/**
 * A button that prepares and saves a file (the organizer's CSV lists): `busyLabel` while it
 * works, then the server's own Portuguese message if it failed.
 */
export function DownloadButton({ label, busyLabel, download }: { label: string; busyLabel: string; download: () => Promise<void> }) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function run() {
    setBusy(true);
    setError(null);
    try {
      await download();
    } catch (failure) {
      setError(errorNotice(failure).message);
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      <button type="button" className="button button--secondary button--large" disabled={busy} onClick={() => void run()}>
        {busy ? busyLabel : label}
      </button>
      {error !== null && (
        <p className="note note--closed" role="alert">
          {error}
        </p>
      )}
    </>
  );
}
