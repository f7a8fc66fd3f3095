import { useId, useRef, useState, type FormEvent, type RefObject } from "react";
import { useMutation, useQuery } from "convex/react";
import { api } from "@convex/_generated/api";
import { formatBRL, parseBRL } from "@convex/model/shared/money";
import {
  keyIsDocument,
  MIN_WITHDRAWAL_CENTS,
  normalizeOwnerDocument,
  normalizePixKey,
  PIX_KEY_TYPE_LABELS,
  PIX_KEY_TYPES,
  PIX_MESSAGES,
  type PixKeyType,
} from "@convex/model/shared/pix";
import { DialogFormFooter } from "../../components/dialog-form-footer";
import { Modal } from "../../components/modal";
import { Spinner } from "../../components/spinner";
import { useDialogSubmit } from "../../lib/use-dialog-submit";
import "./pix.css";

type WithdrawModalProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  returnFocusRef?: RefObject<HTMLElement | null>;
};

/** The first thing wrong with the form, checked as the server checks it; null when it may be sent. */
function problemOf(cents: number | null, withdrawable: number, keyType: PixKeyType, key: string, ownerDocument: string): string | null {
  if (cents === null || cents < MIN_WITHDRAWAL_CENTS) return PIX_MESSAGES.withdrawalAmount;
  if (normalizePixKey(keyType, key) === null) return PIX_MESSAGES.invalidPixKey(keyType);
  if (!keyIsDocument(keyType) && normalizeOwnerDocument(ownerDocument) === null) return PIX_MESSAGES.invalidOwnerDocument;
  if (cents > withdrawable) return PIX_MESSAGES.aboveWithdrawable(withdrawable);
  return null;
}

/**
 * `Sacar`: `Disponível para saque` (the welcome bonus never is), `Valor (R$)`, `Tipo de chave`,
 * `Chave PIX` (and the holder's CPF or CNPJ when the key is not one), `Solicitar saque`. The
 * server checks everything again; the Extrato follows the withdrawal.
 */
export default function WithdrawModal({ open, onOpenChange, returnFocusRef }: WithdrawModalProps) {
  const summary = useQuery(api.withdrawals.summary, open ? {} : "skip");
  const request = useMutation(api.withdrawals.request);
  const ids = { amount: useId(), keyType: useId(), key: useId(), owner: useId() };
  const amountRef = useRef<HTMLInputElement>(null);
  const [amount, setAmount] = useState("");
  const [keyType, setKeyType] = useState<PixKeyType>("cpf");
  const [key, setKey] = useState("");
  const [ownerDocument, setOwnerDocument] = useState("");
  const [done, setDone] = useState(false);
  const { error, pending, refuse, run } = useDialogSubmit();

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!summary) return;
    const cents = parseBRL(amount);
    const problem = problemOf(cents, summary.withdrawableCents, keyType, key, ownerDocument);
    if (problem !== null || cents === null) {
      refuse(problem);
      return;
    }
    await run(async () => {
      await request({ amountCents: cents, keyType, key, ...(keyIsDocument(keyType) ? {} : { ownerDocument }) });
      setDone(true);
    });
  }

  return (
    <Modal open={open} onOpenChange={onOpenChange} title="Sacar" size="small" returnFocusRef={returnFocusRef} initialFocusRef={amountRef}>
      {summary === undefined || summary === null ? (
        <Spinner />
      ) : done ? (
        <p className="withdraw__done" role="status">
          Saque solicitado. Acompanhe no Extrato: ele aparece como Em processamento até o banco confirmar.
        </p>
      ) : (
        <form className="form" onSubmit={(event) => void submit(event)} noValidate>
          <p className="withdraw__available">
            Disponível para saque: <strong>{formatBRL(summary.withdrawableCents)}</strong>
          </p>
          <p className="pix-hint">O bônus de boas-vindas pode apoiar eventos, mas não pode ser sacado.</p>
          {summary.owedCents > 0 && (
            <p className="pix-hint" role="status">
              {PIX_MESSAGES.withdrawalWhileOwed(summary.owedCents)}
            </p>
          )}
          {summary.inProgress !== null && (
            <p className="pix-hint" role="status">
              Saque de {formatBRL(summary.inProgress.amountCents)} em processamento.
            </p>
          )}
          <div className="field">
            <label htmlFor={ids.amount}>Valor (R$)</label>
            <input
              ref={amountRef}
              id={ids.amount}
              inputMode="decimal"
              autoComplete="off"
              value={amount}
              onChange={(e) => setAmount(e.target.value)}
            />
          </div>
          <div className="field">
            <label htmlFor={ids.keyType}>Tipo de chave</label>
            <select id={ids.keyType} value={keyType} onChange={(e) => setKeyType(e.target.value as PixKeyType)}>
              {PIX_KEY_TYPES.map((type) => (
                <option key={type} value={type}>
                  {PIX_KEY_TYPE_LABELS[type]}
                </option>
              ))}
            </select>
          </div>
          <div className="field">
            <label htmlFor={ids.key}>Chave PIX</label>
            <input id={ids.key} autoComplete="off" value={key} onChange={(e) => setKey(e.target.value)} />
          </div>
          {!keyIsDocument(keyType) && (
            <div className="field">
              <label htmlFor={ids.owner}>CPF ou CNPJ do titular</label>
              <input
                id={ids.owner}
                inputMode="numeric"
                autoComplete="off"
                value={ownerDocument}
                onChange={(e) => setOwnerDocument(e.target.value)}
              />
            </div>
          )}
          <DialogFormFooter error={error} pending={pending} submitLabel="Solicitar saque" />
        </form>
      )}
    </Modal>
  );
}
