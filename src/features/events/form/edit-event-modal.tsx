import { useRef, useState, type FormEvent, type RefObject } from "react";
import { useMutation, useQuery } from "convex/react";
import type { FunctionReturnType } from "convex/server";
import { api } from "@convex/_generated/api";
import { MESSAGES } from "@convex/model/shared/texts";
import { CheckboxField } from "../../../components/field";
import { Modal } from "../../../components/modal";
import { NoticeAlert } from "../../../components/notice-alert";
import type { EventDetail } from "../../../lib/api-types";
import { ATTENTION_TITLE } from "../../../lib/notice";
import { useSubmitWithNotice } from "../../../lib/use-submit-with-notice";
import { CreateEventFields } from "./create-event-fields";
import { checkEventForm } from "./check-event-form";
import { valuesOfEvent, type CreateEventValues } from "./create-event-form";
import { useImageUpload, withUploadedImage } from "../image-upload/use-image-upload";
import { EventFormActions } from "./event-form-actions";
import { maxPerPersonValue, storedEnds, valuesOfTypes } from "../ticket-types/ticket-types-form";
import { valuesOfRewards } from "./rewards/rewards-form";
import "../events.css";

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
  const [values, setValues] = useState<CreateEventValues>(() => ({
    ...valuesOfEvent(event),
    onlineUrl: stored.onlineUrl,
    ticketTypes: valuesOfTypes(stored.types),
    maxPerPerson: maxPerPersonValue(stored.types),
    rewards: valuesOfRewards(stored.rewards),
  }));
  const [removeImage, setRemoveImage] = useState(false);
  const { notice, pending, show, submit, close } = useSubmitWithNotice();
  const nameRef = useRef<HTMLInputElement>(null);
  const image = useImageUpload();
  const lockCore = event.raisedCents > 0;
  const busy = pending || image.upload.status === "uploading";

  function onSubmit(formEvent: FormEvent<HTMLFormElement>) {
    formEvent.preventDefault();
    if (busy) return;
    const checked = checkEventForm(values, Date.now(), { mustStartInFuture: false, keepEnds: storedEnds(stored.types) });
    if (!checked.ok) {
      show({ title: ATTENTION_TITLE, message: checked.message, tone: "error" });
      return;
    }
    const { input } = checked;
    const withImage = withUploadedImage(input, image.upload);
    void submit(async () => {
      await update({
        id: event._id,
        ...withImage,
        ...checked.details,
        ticketTypes: checked.ticketTypes,
        ...checked.perPersonLimit,
        fundingMode: values.fundingMode,
        rewards: checked.rewards,
        ...(removeImage && image.upload.status !== "done" && input.imageUrl === undefined ? { removeImage: true } : {}),
      });
      onOpenChange(false);
      return null;
    });
  }

  return (
    <Modal
      open={open}
      onOpenChange={onOpenChange}
      returnFocusRef={returnFocusRef}
      initialFocusRef={nameRef}
      title="Editar evento"
      description={lockCore ? MESSAGES.editAfterSupport + " Você ainda pode mudar a descrição, o local e a imagem." : undefined}
    >
      <form className="form create-event" onSubmit={onSubmit} noValidate>
        <CreateEventFields
          values={values}
          onChange={(patch) => setValues((current) => ({ ...current, ...patch }))}
          image={image}
          nameRef={nameRef}
          lockCore={lockCore}
        />
        {event.imageUrl !== null && <CheckboxField label="Remover a imagem atual" checked={removeImage} onChange={setRemoveImage} />}
        <EventFormActions
          onCancel={() => onOpenChange(false)}
          busy={busy}
          pending={pending}
          label="Salvar alterações"
          pendingLabel="Salvando..."
        />
      </form>
      <NoticeAlert notice={notice} onClose={close} />
    </Modal>
  );
}
