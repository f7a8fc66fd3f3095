import { lazy, Suspense, useRef, useState } from "react";
import { useQuery } from "convex/react";
import { api } from "@convex/_generated/api";
import type { EditableEvent } from "./edit-event-modal";

const EditEventModal = lazy(() => import("./edit-event-modal"));

type EditEventProps = { event: EditableEvent & { creatorId: string; settlement: string | null } };

/** `Editar evento`, for the event's creator until it starts (its settlement hides the button live). */
export function EditEvent({ event }: EditEventProps) {
  const me = useQuery(api.users.me);
  const [open, setOpen] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  if (me?._id !== event.creatorId || event.settlement !== null) return null;
  return (
    <>
      <button ref={buttonRef} type="button" className="button button--secondary" onClick={() => setOpen(true)}>
        Editar evento
      </button>
      <Suspense fallback={null}>{open && <EditEventModal event={event} open onOpenChange={setOpen} returnFocusRef={buttonRef} />}</Suspense>
    </>
  );
}
