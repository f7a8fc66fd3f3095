import { lazy, Suspense, useRef, useState } from "react";
import { useQuery } from "convex/react";
import { api } from "@convex/_generated/api";
import type { EditableEvent } from "./edit-event-modal";

const EditEventModal = lazy(() => import("./edit-event-modal"));

/** `canEdit`: the caller is a `Gerente` of the event, who edits it as its creator does. */
type EditEventProps = { event: EditableEvent & { creatorId: string; settlement: string | null }; canEdit?: boolean };

/** `Editar evento`, for the event's creator (or `Gerente`) until it starts (its settlement hides the button live). */
export function EditEvent({ event, canEdit = false }: EditEventProps) {
  const me = useQuery(api.users.me);
  const [open, setOpen] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  if ((!canEdit && me?._id !== event.creatorId) || event.settlement !== null) return null;
  return (
    <>
      <button ref={buttonRef} type="button" className="button button--secondary" onClick={() => setOpen(true)}>
        Editar evento
      </button>
      <Suspense fallback={null}>{open && <EditEventModal event={event} open onOpenChange={setOpen} returnFocusRef={buttonRef} />}</Suspense>
    </>
  );
}
