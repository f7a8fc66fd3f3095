import { useState } from "react";
import { useMutation, useQuery } from "convex/react";
import { api } from "@convex/_generated/api";
import { TEAM_ROLE_LABELS } from "@convex/model/shared/team";
import { ConfirmDialog } from "../../components/confirm-dialog";
import "../../components/organizer-page.css";

type Member = { _id: string; email: string; role: keyof typeof TEAM_ROLE_LABELS; joined: boolean };

/** The team with each one's role; `Remover` takes the access away at once (their open pages too). */
export function TeamList({ eventId }: { eventId: string }) {
  const team = useQuery(api.team.list, { eventId });
  const remove = useMutation(api.team.remove);
  const [removing, setRemoving] = useState<Member | null>(null);
  if (team === undefined) return null;
  if (team.length === 0) return <p className="org-empty">Ninguém na equipe ainda.</p>;
  return (
    <>
      <ul className="team-list">
        {team.map((member) => (
          <li key={member._id} className="team-list__item">
            <span className="team-list__who">
              <strong className="team-list__email">{member.email}</strong>
              <span>
                {TEAM_ROLE_LABELS[member.role]} · {member.joined ? "Ativo" : "Aguardando o primeiro acesso"}
              </span>
            </span>
            <button
              type="button"
              className="button button--secondary"
              onClick={() => setRemoving(member)}
              aria-label={`Remover ${member.email}`}
            >
              Remover
            </button>
          </li>
        ))}
      </ul>
      <ConfirmDialog
        open={removing !== null}
        onOpenChange={(open) => !open && setRemoving(null)}
        title="Remover da equipe?"
        message={`${removing?.email ?? ""} perde o acesso a este evento na hora, também nas páginas já abertas.`}
        confirmLabel="Remover"
        cancelLabel="Voltar"
        onConfirm={() => removing !== null && void remove({ eventId, memberId: removing._id })}
      />
    </>
  );
}
