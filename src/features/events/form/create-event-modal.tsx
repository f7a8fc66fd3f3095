import { useEffect, useRef, useState, type RefObject } from "react";
import { useMutation } from "convex/react";
import { api } from "@convex/_generated/api";
import { EMPTY_CREATE_EVENT } from "./create-event-form";
import { withUploadedImage } from "../image-upload/use-image-upload";
import { EventFormDialog, type EventFormToSave } from "./event-form-dialog";

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
  const [created, setCreated] = useState(false);
  const closeTimer = useRef<ReturnType<typeof setTimeout> | null>(null);

  useEffect(
    () => () => {
      if (closeTimer.current !== null) clearTimeout(closeTimer.current);
    },
    [],
  );

  async function save({ checked, values, upload }: EventFormToSave) {
    // Without types the call is the spec's own: one ticket per support.
    const ticketTypes = checked.ticketTypes.length === 0 ? {} : { ticketTypes: checked.ticketTypes, ...checked.perPersonLimit };
    const extras = { fundingMode: values.fundingMode, ...(checked.rewards.length === 0 ? {} : { rewards: checked.rewards }) };
    await create({ ...withUploadedImage(checked.input, upload), ...checked.details, ...ticketTypes, ...extras });
    setCreated(true);
    closeTimer.current = setTimeout(() => onOpenChange(false), CLOSE_AFTER_SUCCESS_MS);
    return { title: "Sucesso!", message: "Evento criado com sucesso.", tone: "success" } as const;
  }

  return (
    <EventFormDialog
      open={open}
      onOpenChange={onOpenChange}
      returnFocusRef={returnFocusRef}
      title="Criar Evento"
      description="Preencha os dados do evento. Todos os campos são obrigatórios, exceto a descrição e a imagem."
      initialValues={EMPTY_CREATE_EVENT}
      checkOptions={{ mustStartInFuture: true }}
      onSave={save}
      saved={created}
      submitLabel="Criar"
      pendingLabel="Criando..."
    />
  );
}
