import { useId } from "react";
import { useMutation, useQuery } from "convex/react";
import { api } from "@convex/_generated/api";
import { FEE_MESSAGES, FEE_MODE_LABELS, type FeeMode } from "@convex/model/shared/fees";
import { RadioOption } from "../../components/field";
import { NoticeAlert } from "../../components/notice-alert";
import { useSubmitWithNotice } from "../../lib/use-submit-with-notice";
import "./fees.css";

const MODES: FeeMode[] = ["passedOn", "absorbed"];
const MODE_HINTS: Record<FeeMode, string> = {
  passedOn: "O comprador vê e paga a taxa junto com o ingresso.",
  absorbed: "A taxa sai do seu repasse; o comprador paga só o preço do ingresso.",
};

type FeeSettingsProps = { eventId: string; sellsTickets: boolean; open: boolean };

/**
 * The organizer's `Taxa de serviço`: who pays the tickets' fee (while the event is open), and once
 * paid out `Repasse: R$ bruto − taxa R$ Y = R$ líquido`, the cents of their Extrato's line.
 */
export function FeeSettings({ eventId, sellsTickets, open }: FeeSettingsProps) {
  const id = useId();
  const fees = useQuery(api.fees.forEvent, { eventId });
  const payout = useQuery(api.fees.payout, { eventId });
  const setMode = useMutation(api.fees.setMode);
  const { notice, pending, submit, close } = useSubmitWithNotice();
  if (fees == null) return null;
  const choose = (mode: FeeMode) =>
    void submit(async () => {
      await setMode({ eventId, mode });
      return null;
    });
  return (
    <section className="fee-settings" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="fee-settings__title">
        {FEE_MESSAGES.title}
      </h2>
      {payout != null && <p className="fee-settings__payout">{payout.text}</p>}
      {sellsTickets && open && (
        <fieldset className="fee-settings__modes" disabled={pending}>
          <legend className="fee-settings__legend">Ingressos</legend>
          {MODES.map((mode) => (
            <RadioOption
              key={mode}
              className="fee-settings__option"
              name={`${id}-mode`}
              value={mode}
              label={FEE_MODE_LABELS[mode]}
              hint={MODE_HINTS[mode]}
              hintClassName="fee-settings__hint"
              checked={fees.passedOn === (mode === "passedOn")}
              onSelect={() => choose(mode)}
            />
          ))}
        </fieldset>
      )}
      <NoticeAlert notice={notice} onClose={close} />
    </section>
  );
}
