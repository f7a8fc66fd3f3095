import { useId, useRef, useState, type FormEvent, type RefObject } from "react";
import { useMutation } from "convex/react";
import { api } from "@convex/_generated/api";
import { MESSAGES } from "@convex/model/shared/texts";
import { Modal } from "../../../components/modal";
import { NoticeAlert } from "../../../components/notice-alert";
import type { EventDetail } from "../../../lib/api-types";
import { ATTENTION_TITLE } from "../../../lib/notice";
import { useSubmitWithNotice } from "../../../lib/use-submit-with-notice";
import { CreateEventFields } from "./create-event-fields";
import { toEventDetails, toEventInput, valuesOfEvent, type CreateEventValues } from "./create-event-form";
import { useImageUpload, withUploadedImage } from "../image-upload/use-image-upload";
import { EventFormActions } from "./event-form-actions";
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
  | "imageUrl"
  | "raisedCents"
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
  const id = useId();
  const update = useMutation(api.events.update);
  const [values, setValues] = useState<CreateEventValues>(() => valuesOfEvent(event));
  const [removeImage, setRemoveImage] = useState(false);
  const { notice, pending, show, submit, close } = useSubmitWithNotice();
  const nameRef = useRef<HTMLInputElement>(null);
  const image = useImageUpload();
  const lockCore = event.raisedCents > 0;
  const busy = pending || image.upload.status === "uploading";

  function onSubmit(formEvent: FormEvent<HTMLFormElement>) {
    formEvent.preventDefault();
    if (busy) return;
    const input = toEventInput(values, Date.now());
    const details = toEventDetails(values);
    if (input === null || "message" in details) {
      const message = "message" in details ? details.message : MESSAGES.invalidEventInput;
      show({ title: ATTENTION_TITLE, message: input === null ? MESSAGES.invalidEventInput : message, tone: "error" });
      return;
    }
    const withImage = withUploadedImage(input, image.upload);
    void submit(async () => {
      await update({
        id: event._id,
        ...withImage,
        ...details.details,
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
        {event.imageUrl !== null && (
          <div className="checkbox">
            <input id={`${id}-remove`} type="checkbox" checked={removeImage} onChange={(e) => setRemoveImage(e.target.checked)} />
            <label htmlFor={`${id}-remove`}>Remover a imagem atual</label>
          </div>
        )}
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
