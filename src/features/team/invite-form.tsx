import { useState, type FormEvent } from "react";
import { useMutation } from "convex/react";
import { api } from "@convex/_generated/api";
import { TEAM_ROLE_HINTS, TEAM_ROLE_LABELS, TEAM_ROLES, type TeamRole } from "@convex/model/shared/team";
import { Field } from "../../components/field";
import { InlineMessage, type Message } from "../../components/inline-message";
import { errorNotice } from "../../lib/errors";

/** `Convidar`: an e-mail and a role. The invitation acts at that e-mail's first sign-in. */
export function InviteForm({ eventId }: { eventId: string }) {
  const invite = useMutation(api.team.invite);
  const [email, setEmail] = useState("");
  const [role, setRole] = useState<TeamRole>("portaria");
  const [pending, setPending] = useState(false);
  const [message, setMessage] = useState<Message | null>(null);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setPending(true);
    try {
      await invite({ eventId, email, role });
      setMessage({ tone: "success", text: `Convite enviado para ${email.trim().toLowerCase()}.` });
      setEmail("");
    } catch (error) {
      setMessage({ tone: "error", text: errorNotice(error).message });
    } finally {
      setPending(false);
    }
  };

  return (
    <form className="team-invite" onSubmit={(event) => void onSubmit(event)}>
      <Field label="E-mail" hint="A pessoa entra com este e-mail para receber o acesso.">
        {(control) => (
          <input {...control} type="email" value={email} onChange={(event) => setEmail(event.target.value)} autoComplete="off" required />
        )}
      </Field>
      <Field label="Função" hint={TEAM_ROLE_HINTS[role]}>
        {(control) => (
          <select {...control} value={role} onChange={(event) => setRole(event.target.value as TeamRole)}>
            {TEAM_ROLES.map((option) => (
              <option key={option} value={option}>
                {TEAM_ROLE_LABELS[option]}
              </option>
            ))}
          </select>
        )}
      </Field>
      <button type="submit" className="button button--primary" disabled={pending}>
        Convidar
      </button>
      <InlineMessage message={message} />
    </form>
  );
}
