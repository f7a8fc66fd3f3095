import { useRef, useState, type FormEvent, type ReactNode, type RefObject } from "react";
import { Modal } from "../../../components/modal";
import { NoticeAlert } from "../../../components/notice-alert";
import { ATTENTION_TITLE, type Notice } from "../../../lib/notice";
import { useSubmitWithNotice } from "../../../lib/use-submit-with-notice";
import { CreateEventFields } from "./create-event-fields";
import { checkEventForm, type CheckedEventForm } from "./check-event-form";
import type { CreateEventValues } from "./create-event-form";
import { useImageUpload, type ImageUpload } from "../image-upload/use-image-upload";
import { EventFormActions } from "./event-form-actions";
import "../events.css";

/** The form as the server's rules accept it, with what was typed and the image's upload. */
export type EventFormToSave = {
  checked: Extract<CheckedEventForm, { ok: true }>;
  values: CreateEventValues;
  upload: ImageUpload;
};

type EventFormDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  returnFocusRef?: RefObject<HTMLElement | null>;
  title: string;
  description?: string;
  /** What the form starts with (read once, when the dialog opens). */
  initialValues: CreateEventValues;
  checkOptions: Parameters<typeof checkEventForm>[2];
  /** Saves a form that passed the checks; the notice it returns is shown (null: nothing to say). */
  onSave: (form: EventFormToSave) => Promise<Notice | null>;
  /** The form was saved and the dialog is about to close: the button stays disabled. */
  saved?: boolean;
  /** Editing an event that has supports (see CreateEventFields). */
  lockCore?: boolean;
  submitLabel: string;
  pendingLabel: string;
  /** Fields only this dialog has, after the shared ones. */
  children?: ReactNode;
};

/**
 * Criar Evento's and Editar evento's shell: the dialog, the event's fields, the checks with the
 * server's own rules before anything is sent, the buttons, and the notice of what came of it.
 */
export function EventFormDialog({
  initialValues,
  checkOptions,
  onSave,
  saved = false,
  lockCore,
  children,
  ...dialog
}: EventFormDialogProps) {
  const [values, setValues] = useState<CreateEventValues>(initialValues);
  const { notice, pending, show, submit, close } = useSubmitWithNotice();
  const nameRef = useRef<HTMLInputElement>(null);
  const image = useImageUpload();
  const busy = pending || saved || image.upload.status === "uploading";

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const checked = checkEventForm(values, Date.now(), checkOptions);
    if (!checked.ok) {
      show({ title: ATTENTION_TITLE, message: checked.message, tone: "error" });
      return;
    }
    void submit(() => onSave({ checked, values, upload: image.upload }));
  }

  return (
    <Modal
      open={dialog.open}
      onOpenChange={dialog.onOpenChange}
      returnFocusRef={dialog.returnFocusRef}
      initialFocusRef={nameRef}
      title={dialog.title}
      description={dialog.description}
    >
      <form className="form create-event" onSubmit={onSubmit} noValidate>
        <CreateEventFields
          values={values}
          onChange={(patch) => setValues((current) => ({ ...current, ...patch }))}
          image={image}
          nameRef={nameRef}
          lockCore={lockCore}
        />
        {children}
        <EventFormActions
          onCancel={() => dialog.onOpenChange(false)}
          busy={busy}
          pending={pending}
          label={dialog.submitLabel}
          pendingLabel={dialog.pendingLabel}
        />
      </form>
      <NoticeAlert notice={notice} onClose={close} />
    </Modal>
  );
}
