import { useQuery } from "convex/react";
import { api } from "@convex/_generated/api";
import { formatBRL } from "@convex/model/shared/money";
import { PIX_MESSAGES } from "@convex/model/shared/pix";

/** Payments held for review (the amount or currency paid differs): `Em análise`, and what happens next. */
export function ReviewDeposits() {
  const held = useQuery(api.deposits.inReview, {});
  if (!held || held.length === 0) return null;
  return (
    <section aria-labelledby="depositos-em-analise">
      <h3 id="depositos-em-analise" className="statement__heading">
        Depósitos em análise
      </h3>
      <ul className="statement">
        {held.map((deposit) => (
          <li key={deposit._id} className="statement__entry">
            <div className="statement__what">
              <p className="statement__description">
                Depósito via PIX<span className="statement__state statement__state--pending">Em análise</span>
              </p>
              <p className="statement__detail">{PIX_MESSAGES.depositInReview}</p>
            </div>
            <div className="statement__money">
              <p className="statement__amount">{formatBRL(deposit.amountCents)}</p>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
