import { useConvex } from "convex/react";
import { DownloadButton } from "../../components/download-button";
import { downloadSupporters } from "./download-supporters";

/** `Baixar apoiadores (CSV)`, for the event's organizer (the server checks it is them). */
export function DownloadSupportersButton({ eventId, eventName }: { eventId: string; eventName: string }) {
  const convex = useConvex();
  return (
    <DownloadButton
      label="Baixar apoiadores (CSV)"
      busyLabel="Preparando..."
      download={() => downloadSupporters(convex, eventId, eventName)}
    />
  );
}
