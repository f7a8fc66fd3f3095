import { useRef, useState, type FormEvent } from "react";
import { useMutation } from "convex/react";
import { api } from "@convex/_generated/api";
import type { Id } from "@convex/_generated/dataModel";
import {
  isTransferEmail,
  MAX_TRANSFER_EMAIL_LENGTH,
  normalizeTransferEmail,
  TRANSFER_MESSAGES,
  transferRefusal,
  type TransferableTicket,
} from "@convex/model/shared/ticketTransfer";
import { DialogFormFooter } from "../../components/dialog-form-footer";
import { Field } from "../../components/field";
import { Modal } from "../../components/modal";
import { useDialogSubmit } from "../../lib/use-dialog-submit";

type TransferTicketProps = {
  ticket: TransferableTicket & { _id: Id<"tickets">; meiaCategory: string | null };
  eventName: string;
  eventStartsAt: number;
  now: number;
};

/**
 * `Transferir ingresso` on a ticket of Meus Ingressos, offered exactly while the server would
 * accept it (once per ticket, until 24 h before the event): a dialog asks for the receiver's
 * e-mail and says what happens; the list then shows `Transferido para <e-mail>`, live.
 */
export function TransferTicket({ ticket, eventName, eventStartsAt, now }: TransferTicketProps) {
  const [open, setOpen] = useState(false);
  if (transferRefusal(ticket, eventStartsAt, now) !== null) return null;
  return (
    <>
      <button type="button" className="button button--secondary ticket__action" onClick={() => setOpen(true)}>
        Transferir ingresso
      </button>
      {open && <TransferDialog ticketId={ticket._id} meia={ticket.meiaCategory !== null} eventName={eventName} onOpenChange={setOpen} />}
    </>
  );
}

type TransferDialogProps = { ticketId: Id<"tickets">; meia: boolean; eventName: string; onOpenChange: (open: boolean) => void };

/** The receiver's e-mail and the consequences, before anything moves. */
function TransferDialog({ ticketId, meia, eventName, onOpenChange }: TransferDialogProps) {
  const transfer = useMutation(api.ticketTransfers.transfer);
  const emailRef = useRef<HTMLInputElement>(null);
  const [email, setEmail] = useState("");
  const { error, pending, refuse, run } = useDialogSubmit();

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!isTransferEmail(normalizeTransferEmail(email))) {
      refuse(TRANSFER_MESSAGES.invalidEmail);
      return;
    }
    await run(async () => {
      await transfer({ ticketId, email });
      onOpenChange(false);
    });
  }

  return (
    <Modal
      open
      onOpenChange={onOpenChange}
      title="Transferir ingresso"
      description={`O ingresso de ${eventName} passa para outra pessoa. Ela recebe um código novo e este deixa de valer na entrada. A transferência é uma só e não pode ser desfeita.`}
      size="small"
      initialFocusRef={emailRef}
    >
      <form className="form" aria-label="Transferir ingresso" onSubmit={(event) => void submit(event)} noValidate>
        <Field
          label="E-mail de quem vai receber"
          hint={`Se a pessoa ainda não tem conta no Apoie, o ingresso fica guardado até ela entrar com este e-mail.${meia ? ` ${TRANSFER_MESSAGES.meiaNotice}` : ""}`}
          invalid={error !== null}
        >
          {(control) => (
            <input
              {...control}
              ref={emailRef}
              name="email"
              type="email"
              autoComplete="off"
              inputMode="email"
              maxLength={MAX_TRANSFER_EMAIL_LENGTH}
              value={email}
              onChange={(e) => setEmail(e.target.value)}
              required
            />
          )}
        </Field>
        <DialogFormFooter error={error} pending={pending} submitLabel="Transferir" />
      </form>
    </Modal>
  );
}
