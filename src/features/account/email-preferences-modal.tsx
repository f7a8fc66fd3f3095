import { useMutation, useQuery } from "convex/react";
import { api } from "@convex/_generated/api";
import { Modal } from "../../components/modal";
import { formatDateTime } from "../../lib/dates";

type EmailPreferencesModalProps = { open: boolean; onOpenChange: (open: boolean) => void };

const CHOICES = [
  { category: "reminders", label: "Lembretes de eventos (48 horas antes)" },
  { category: "organizer", label: "Avisos aos organizadores (primeiro apoio, meta atingida)" },
  { category: "updates", label: "Novidades dos eventos que apoio" },
] as const;

/**
 * `Notificações por e-mail`: the optional e-mails, each a checkbox saved at once; receipts,
 * tickets and refunds always go. An e-mail that could not be delivered is said here.
 */
export default function EmailPreferencesModal({ open, onOpenChange }: EmailPreferencesModalProps) {
  const preferences = useQuery(api.emailPreferences.mine);
  const set = useMutation(api.emailPreferences.set);
  return (
    <Modal open={open} onOpenChange={onOpenChange} title="Notificações por e-mail" size="small">
      {preferences && (
        <form className="form" onSubmit={(event) => event.preventDefault()}>
          {preferences.lastFailure && (
            <p className="form__error" role="alert">
              Não conseguimos entregar um e-mail para {preferences.lastFailure.to} ({preferences.lastFailure.subject}, em{" "}
              {formatDateTime(preferences.lastFailure.at)}). Confira se o endereço está certo.
            </p>
          )}
          <fieldset className="email-preferences">
            <legend>Receber por e-mail{preferences.email ? ` em ${preferences.email}` : ""}</legend>
            {CHOICES.map(({ category, label }) => (
              <label key={category} className="email-preferences__choice">
                <input type="checkbox" checked={preferences[category]} onChange={(e) => void set({ category, on: e.target.checked })} />{" "}
                {label}
              </label>
            ))}
          </fieldset>
          <p className="field__hint">Comprovantes, ingressos, estornos e códigos de acesso são sempre enviados.</p>
        </form>
      )}
    </Modal>
  );
}
