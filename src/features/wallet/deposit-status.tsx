import { useEffect, useState } from "react";
import { useMutation } from "convex/react";
import type { FunctionReturnType } from "convex/server";
import { api } from "@convex/_generated/api";
import { formatBRL } from "@convex/model/shared/money";
import { DEPOSIT_STATUS_TEXTS, DEPOSIT_VERIFYING_TEXT } from "@convex/model/shared/pix";
import { Field } from "../../components/field";
import { Spinner } from "../../components/spinner";
import { PixQr } from "./pix-qr";
import { formatMinutesSeconds, useCountdown } from "./use-countdown";

type Deposit = NonNullable<FunctionReturnType<typeof api.deposits.get>>;

/**
 * A charge as the payer needs it, live: the QR code, the copia-e-cola with `Copiar código`,
 * the amount and `Expira em mm:ss` while it waits; then `Pagamento confirmado`, `Expirado` or
 * `Cancelado` as the server settles it. At the expiry of a charge still pending, the payment is
 * read at the provider first (`Verificando pagamento…`): a paid charge whose webhook is late
 * never shows `Expirado`.
 */
export function DepositStatus({ deposit }: { deposit: Deposit }) {
  const left = useCountdown(deposit.expiresAt);
  const [copied, setCopied] = useState(false);
  const verify = useMutation(api.deposits.verifyAtExpiry);
  const [verifyFailed, setVerifyFailed] = useState(false);
  const pastExpiry = deposit.status === "pending" && left === 0;
  const verifying = pastExpiry && !deposit.verifiedAfterExpiry && !verifyFailed;
  useEffect(() => {
    if (verifying) verify({ depositId: deposit._id }).catch(() => setVerifyFailed(true));
  }, [verifying, verify, deposit._id]);
  // Past its expiry (and once the provider was asked) a charge can no longer be paid.
  const status = pastExpiry ? "expired" : deposit.status;
  const text = verifying ? DEPOSIT_VERIFYING_TEXT : DEPOSIT_STATUS_TEXTS[status];

  if (status === "creating") return <Spinner label={text} />;
  return (
    <div className="deposit">
      <p className={`deposit__status deposit__status--${verifying ? "verifying" : status}`} role="status">
        {text}
      </p>
      <p className="deposit__amount">{formatBRL(deposit.amountCents)}</p>
      {status === "pending" && deposit.qrCode !== null && (
        <>
          <PixQr code={deposit.qrCode} />
          <p className="deposit__expiry">Expira em {formatMinutesSeconds(left)}</p>
          <Field label="PIX copia e cola" id="pix-copia-e-cola">
            {(control) => (
              <input
                {...control}
                className="deposit__code"
                readOnly
                value={deposit.qrCode ?? ""}
                onFocus={(e) => e.currentTarget.select()}
              />
            )}
          </Field>
          <button
            type="button"
            className="button button--secondary"
            onClick={() => {
              void navigator.clipboard?.writeText(deposit.qrCode ?? "").then(() => setCopied(true));
            }}
          >
            {copied ? "Código copiado!" : "Copiar código"}
          </button>
        </>
      )}
    </div>
  );
}
