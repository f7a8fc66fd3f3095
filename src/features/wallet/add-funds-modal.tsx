import { useRef, useState, type FormEvent, type RefObject } from "react";
import { useMutation, useQuery } from "convex/react";
import { api } from "@convex/_generated/api";
import { parseBRL } from "@convex/model/shared/money";
import { MAX_DEPOSIT_CENTS, MIN_DEPOSIT_CENTS, PIX_MESSAGES } from "@convex/model/shared/pix";
import { DialogFormFooter } from "../../components/dialog-form-footer";
import { Modal } from "../../components/modal";
import { Spinner } from "../../components/spinner";
import { useDialogSubmit } from "../../lib/use-dialog-submit";
import { AmountField } from "./amount-field";
import { DepositStatus } from "./deposit-status";
import "./pix.css";

type AddFundsModalProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** A charge to show again (reopened from the Extrato); absent to start a new one. */
  depositId?: string;
  returnFocusRef?: RefObject<HTMLElement | null>;
};

/**
 * `Adicionar saldo`: `Valor (R$)` and `Gerar PIX`, then the charge, live. Closing it loses
 * nothing: a charge waiting to be paid is listed in the Extrato and opens here again.
 */
export default function AddFundsModal({ open, onOpenChange, depositId: reopened, returnFocusRef }: AddFundsModalProps) {
  const [depositId, setDepositId] = useState<string | undefined>(reopened);
  const deposit = useQuery(api.deposits.get, depositId === undefined ? "skip" : { depositId });
  const create = useMutation(api.deposits.create);
  const amountRef = useRef<HTMLInputElement>(null);
  const [amount, setAmount] = useState("");
  const { error, pending, refuse, run } = useDialogSubmit();

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const cents = parseBRL(amount);
    if (cents === null || cents < MIN_DEPOSIT_CENTS || cents > MAX_DEPOSIT_CENTS) {
      refuse(PIX_MESSAGES.depositAmount);
      return;
    }
    await run(async () => {
      setDepositId((await create({ amountCents: cents })).depositId);
    });
  }

  return (
    <Modal
      open={open}
      onOpenChange={onOpenChange}
      title="Adicionar saldo"
      size="small"
      returnFocusRef={returnFocusRef}
      initialFocusRef={amountRef}
    >
      {depositId === undefined ? (
        <form className="form" onSubmit={(event) => void submit(event)} noValidate>
          <p className="pix-hint">Pague com PIX pelo app do seu banco; o valor entra na sua carteira assim que o pagamento é confirmado.</p>
          <AmountField value={amount} onChange={setAmount} inputRef={amountRef} placeholder="20,00" invalid={error !== null} />
          <DialogFormFooter error={error} pending={pending} submitLabel="Gerar PIX" />
        </form>
      ) : deposit === undefined ? (
        <Spinner />
      ) : deposit === null ? (
        <p>PIX não encontrado.</p>
      ) : (
        <DepositStatus deposit={deposit} />
      )}
    </Modal>
  );
}
