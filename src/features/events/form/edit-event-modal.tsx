import { useState, type RefObject } from "react";
import { useMutation, useQuery } from "convex/react";
import type { FunctionReturnType } from "convex/server";
import { api } from "@convex/_generated/api";
import { MESSAGES } from "@convex/model/shared/texts";
import { CheckboxField } from "../../../components/field";
import type { EventDetail } from "../../../lib/api-types";
import { valuesOfEvent } from "./create-event-form";
import { withUploadedImage } from "../image-upload/use-image-upload";
import { EventFormDialog, type EventFormToSave } from "./event-form-dialog";
import { maxPerPersonValue, storedEnds, valuesOfTypes } from "../ticket-types/ticket-types-form";
import { valuesOfRewards } from "./rewards/rewards-form";

export type EditableEvent = Pick<
  EventDetail,
  | "_id"
  | "name"
  | "category"
  | "startsAt"
  | "goalCents"
  | "minSupportCents"
  | "goalPercentage"
  | "isTicketed"
  | "description"
  | "venueName"
  | "city"
  | "uf"
  | "isOnline"
  | "hasTicketTypes"
  | "imageUrl"
  | "raisedCents"
  | "fundingMode"
>;

type EditEventModalProps = {
  event: EditableEvent;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  returnFocusRef?: RefObject<HTMLElement | null>;
};

/**
 * "Editar evento": the create form filled with the event. Once someone has supported it, only
 * the description, the place and the image stay open (the server enforces the same).
 */
export default function EditEventModal({ event, open, onOpenChange, returnFocusRef }: EditEventModalProps) {
  // The stored types and the access link (the creator's to read) fill the form once they are here.
  const types = useQuery(api.ticketTypes.forEvent, { eventId: event._id });
  const onlineUrl = useQuery(api.onlineAccess.link, { eventId: event._id });
  const rewards = useQuery(api.rewards.list, { eventId: event._id });
  if (types === undefined || onlineUrl === undefined || rewards === undefined) return null;
  return (
    <EditEventForm
      event={event}
      stored={{ types, onlineUrl: onlineUrl ?? "", rewards }}
      open={open}
      onOpenChange={onOpenChange}
      returnFocusRef={returnFocusRef}
    />
  );
}

type StoredExtras = {
  types: FunctionReturnType<typeof api.ticketTypes.forEvent>;
  onlineUrl: string;
  rewards: FunctionReturnType<typeof api.rewards.list>;
};

function EditEventForm({ event, stored, open, onOpenChange, returnFocusRef }: EditEventModalProps & { stored: StoredExtras }) {
  const update = useMutation(api.events.update);
  const [removeImage, setRemoveImage] = useState(false);
  const lockCore = event.raisedCents > 0;

  async function save({ checked, values, upload }: EventFormToSave) {
    const { input } = checked;
    await update({
      id: event._id,
      ...withUploadedImage(input, upload),
      ...checked.details,
      ticketTypes: checked.ticketTypes,
      ...checked.perPersonLimit,
      fundingMode: values.fundingMode,
      rewards: checked.rewards,
      ...(removeImage && upload.status !== "done" && input.imageUrl === undefined ? { removeImage: true } : {}),
    });
    onOpenChange(false);
    return null;
  }

  return (
    <EventFormDialog
      open={open}
      onOpenChange={onOpenChange}
      returnFocusRef={returnFocusRef}
      title="Editar evento"
      description={lockCore ? MESSAGES.editAfterSupport + " Você ainda pode mudar a descrição, o local e a imagem." : undefined}
      initialValues={{
        ...valuesOfEvent(event),
        onlineUrl: stored.onlineUrl,
        ticketTypes: valuesOfTypes(stored.types),
        maxPerPerson: maxPerPersonValue(stored.types),
        rewards: valuesOfRewards(stored.rewards),
      }}
      checkOptions={{ mustStartInFuture: false, keepEnds: storedEnds(stored.types) }}
      onSave={save}
      lockCore={lockCore}
      submitLabel="Salvar alterações"
      pendingLabel="Salvando..."
    >
      {event.imageUrl !== null && <CheckboxField label="Remover a imagem atual" checked={removeImage} onChange={setRemoveImage} />}
    </EventFormDialog>
  );
}
