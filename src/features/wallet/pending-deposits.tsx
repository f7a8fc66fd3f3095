import { useQuery } from "convex/react";
import { api } from "@convex/_generated/api";
import { formatBRL } from "@convex/model/shared/money";
import { formatMinutesSeconds, useCountdown } from "./use-countdown";

/** One charge still waiting, with its time left and `Abrir` to show its QR code again. */
function PendingDeposit({ amountCents, expiresAt, onOpen }: { amountCents: number; expiresAt: number; onOpen: () => void }) {
  const left = useCountdown(expiresAt);
  if (left === 0) return null;
  return (
    <li className="statement__entry">
      <div className="statement__what">
        <p className="statement__description">Depósito via PIX · Aguardando pagamento</p>
        <p className="statement__date">Expira em {formatMinutesSeconds(left)}</p>
      </div>
      <div className="statement__money">
        <p className="statement__amount">{formatBRL(amountCents)}</p>
        <button type="button" className="button button--secondary button--small" onClick={onOpen}>
          Abrir
        </button>
      </div>
    </li>
  );
}

/** `Depósitos pendentes`: the caller's PIX charges not paid yet, reopenable while valid. */
export function PendingDeposits({ onOpen }: { onOpen: (depositId: string) => void }) {
  const pending = useQuery(api.deposits.pending, {});
  if (!pending || pending.length === 0) return null;
  return (
    <section aria-labelledby="depositos-pendentes">
      <h3 id="depositos-pendentes" className="statement__heading">
        Depósitos pendentes
      </h3>
      <ul className="statement">
        {pending.map((deposit) => (
          <PendingDeposit
            key={deposit._id}
            amountCents={deposit.amountCents}
            expiresAt={deposit.expiresAt}
            onOpen={() => onOpen(deposit._id)}
          />
        ))}
      </ul>
    </section>
  );
}
