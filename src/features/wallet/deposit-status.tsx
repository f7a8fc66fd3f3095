import { useState } from "react";
import type { FunctionReturnType } from "convex/server";
import type { api } from "@convex/_generated/api";
import { formatBRL } from "@convex/model/shared/money";
import { DEPOSIT_STATUS_TEXTS } from "@convex/model/shared/pix";
import { Spinner } from "../../components/spinner";
import { PixQr } from "./pix-qr";
import { formatMinutesSeconds, useCountdown } from "./use-countdown";

type Deposit = NonNullable<FunctionReturnType<typeof api.deposits.get>>;

/**
 * A charge as the payer needs it, live: the QR code, the copia-e-cola with `Copiar código`,
 * the amount and `Expira em mm:ss` while it waits; then `Pagamento confirmado`, `Expirado` or
 * `Cancelado` as the server settles it.
 */
export function DepositStatus({ deposit }: { deposit: Deposit }) {
  const left = useCountdown(deposit.expiresAt);
  const [copied, setCopied] = useState(false);
  // Past its expiry a charge can no longer be paid, whatever the server has heard yet.
  const status = deposit.status === "pending" && left === 0 ? "expired" : deposit.status;
  const text = DEPOSIT_STATUS_TEXTS[status];

  if (status === "creating") return <Spinner label={text} />;
  return (
    <div className="deposit">
      <p className={`deposit__status deposit__status--${status}`} role="status">
        {text}
      </p>
      <p className="deposit__amount">{formatBRL(deposit.amountCents)}</p>
      {status === "pending" && deposit.qrCode !== null && (
        <>
          <PixQr code={deposit.qrCode} />
          <p className="deposit__expiry">Expira em {formatMinutesSeconds(left)}</p>
          <div className="field">
            <label htmlFor="pix-copia-e-cola">PIX copia e cola</label>
            <input
              id="pix-copia-e-cola"
              className="deposit__code"
              readOnly
              value={deposit.qrCode}
              onFocus={(e) => e.currentTarget.select()}
            />
          </div>
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
