import { useRef, useState, type FormEvent, type RefObject } from "react";
import { useMutation, useQuery } from "convex/react";
import type { FunctionReturnType } from "convex/server";
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
import { Field, Options } from "../../components/field";
import { Modal } from "../../components/modal";
import { Spinner } from "../../components/spinner";
import { useDialogSubmit } from "../../lib/use-dialog-submit";
import { AmountField } from "./amount-field";
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
          <WithdrawTerms summary={summary} />
          <AmountField value={amount} onChange={setAmount} inputRef={amountRef} />
          <PixKeyFields
            keyType={keyType}
            onKeyTypeChange={setKeyType}
            pixKey={key}
            onPixKeyChange={setKey}
            ownerDocument={ownerDocument}
            onOwnerDocumentChange={setOwnerDocument}
          />
          <DialogFormFooter error={error} pending={pending} submitLabel="Solicitar saque" />
        </form>
      )}
    </Modal>
  );
}

type WithdrawSummary = NonNullable<FunctionReturnType<typeof api.withdrawals.summary>>;

/** What may leave (the welcome bonus never does), and what holds a withdrawal back. */
function WithdrawTerms({ summary }: { summary: WithdrawSummary }) {
  return (
    <>
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
    </>
  );
}

type PixKeyFieldsProps = {
  keyType: PixKeyType;
  onKeyTypeChange: (keyType: PixKeyType) => void;
  pixKey: string;
  onPixKeyChange: (key: string) => void;
  ownerDocument: string;
  onOwnerDocumentChange: (ownerDocument: string) => void;
};

/** `Tipo de chave`, `Chave PIX`, and the holder's CPF or CNPJ when the key is not one. */
function PixKeyFields({ keyType, onKeyTypeChange, pixKey, onPixKeyChange, ownerDocument, onOwnerDocumentChange }: PixKeyFieldsProps) {
  return (
    <>
      <Field label="Tipo de chave">
        {(control) => (
          <select {...control} value={keyType} onChange={(e) => onKeyTypeChange(e.target.value as PixKeyType)}>
            <Options values={PIX_KEY_TYPES} labels={PIX_KEY_TYPE_LABELS} />
          </select>
        )}
      </Field>
      <Field label="Chave PIX">
        {(control) => <input {...control} autoComplete="off" value={pixKey} onChange={(e) => onPixKeyChange(e.target.value)} />}
      </Field>
      {!keyIsDocument(keyType) && (
        <Field label="CPF ou CNPJ do titular">
          {(control) => (
            <input
              {...control}
              inputMode="numeric"
              autoComplete="off"
              value={ownerDocument}
              onChange={(e) => onOwnerDocumentChange(e.target.value)}
            />
          )}
        </Field>
      )}
    </>
  );
}
