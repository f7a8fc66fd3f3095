import { useEffect, useRef, useState, type FormEvent, type RefObject } from "react";
import { useMutation } from "convex/react";
import { api } from "@convex/_generated/api";
import { Modal } from "../../../components/modal";
import { NoticeAlert } from "../../../components/notice-alert";
import { ATTENTION_TITLE } from "../../../lib/notice";
import { useSubmitWithNotice } from "../../../lib/use-submit-with-notice";
import { CreateEventFields } from "./create-event-fields";
import { checkEventForm } from "./check-event-form";
import { EMPTY_CREATE_EVENT, type CreateEventValues } from "./create-event-form";
import { useImageUpload, withUploadedImage } from "../image-upload/use-image-upload";
import { EventFormActions } from "./event-form-actions";
import "../events.css";

/** After "Evento criado com sucesso." the modal goes away after 2000 ms. */
export const CLOSE_AFTER_SUCCESS_MS = 2000;

type CreateEventModalProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  returnFocusRef?: RefObject<HTMLElement | null>;
};

/** "Criar Evento": the form, checked here for convenience and again by the server. */
export default function CreateEventModal({ open, onOpenChange, returnFocusRef }: CreateEventModalProps) {
  const create = useMutation(api.events.create);
  const [values, setValues] = useState<CreateEventValues>(EMPTY_CREATE_EVENT);
  const [created, setCreated] = useState(false);
  const { notice, pending, show, submit, close } = useSubmitWithNotice();
  const closeTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const nameRef = useRef<HTMLInputElement>(null);
  const image = useImageUpload();
  const busy = pending || created || image.upload.status === "uploading";

  useEffect(
    () => () => {
      if (closeTimer.current !== null) clearTimeout(closeTimer.current);
    },
    [],
  );

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const checked = checkEventForm(values, Date.now(), { mustStartInFuture: true });
    if (!checked.ok) {
      show({ title: ATTENTION_TITLE, message: checked.message, tone: "error" });
      return;
    }
    // Without types the call is the spec's own: one ticket per support.
    const ticketTypes = checked.ticketTypes.length === 0 ? {} : { ticketTypes: checked.ticketTypes, ...checked.perPersonLimit };
    const extras = { fundingMode: values.fundingMode, ...(checked.rewards.length === 0 ? {} : { rewards: checked.rewards }) };
    void submit(async () => {
      await create({ ...withUploadedImage(checked.input, image.upload), ...checked.details, ...ticketTypes, ...extras });
      setCreated(true);
      closeTimer.current = setTimeout(() => onOpenChange(false), CLOSE_AFTER_SUCCESS_MS);
      return { title: "Sucesso!", message: "Evento criado com sucesso.", tone: "success" };
    });
  }

  return (
    <Modal
      open={open}
      onOpenChange={onOpenChange}
      returnFocusRef={returnFocusRef}
      initialFocusRef={nameRef}
      title="Criar Evento"
      description="Preencha os dados do evento. Todos os campos são obrigatórios, exceto a descrição e a imagem."
    >
      <form className="form create-event" onSubmit={onSubmit} noValidate>
        <CreateEventFields
          values={values}
          onChange={(patch) => setValues((current) => ({ ...current, ...patch }))}
          image={image}
          nameRef={nameRef}
        />
        <EventFormActions onCancel={() => onOpenChange(false)} busy={busy} pending={pending} label="Criar" pendingLabel="Criando..." />
      </form>
      <NoticeAlert notice={notice} onClose={close} />
    </Modal>
  );
}
