/**
 * `Equipe`: the people an organizer lets act on one event, and what each role may do. Pure and
 * shared with the browser, which shows a tool exactly when the server would accept its call.
 */

/** The roles an organizer hands out, least to most. None of them reaches the organizer's own. */
export const TEAM_ROLES = ["portaria", "coordenacao", "gerente"] as const;
export type TeamRole = (typeof TEAM_ROLES)[number];

/** Who someone is to an event: its organizer (the creator) or a team role. */
export type EventRole = "organizer" | TeamRole;

export const TEAM_ROLE_LABELS: Record<TeamRole, string> = {
  portaria: "Portaria",
  coordenacao: "Coordenação da portaria",
  gerente: "Gerente",
};

/** What each role is told it may do, under the invitation form. */
export const TEAM_ROLE_HINTS: Record<TeamRole, string> = {
  portaria: "Valida ingressos e vê, de cada ingresso lido, só o nome, o tipo e a situação.",
  coordenacao: "Também vê a lista de participantes e pode desfazer um check-in.",
  gerente: "Tudo o que o organizador faz, menos repasses, cancelar o evento e a equipe.",
};

export function isTeamRole(value: string): value is TeamRole {
  return (TEAM_ROLES as readonly string[]).includes(value);
}

/** At most this many people in one event's team (the list is read whole, and bounded). */
export const MAX_TEAM_MEMBERS = 50;

export const TEAM_MESSAGES = {
  invalidEmail: "Informe um e-mail válido para o convite.",
  invalidRole: "Escolha uma função: Portaria, Coordenação da portaria ou Gerente.",
  yourself: "Você já é o organizador deste evento: convide outra pessoa.",
  alreadyInvited: "Esta pessoa já foi convidada para a equipe deste evento.",
  teamFull: `A equipe de um evento tem no máximo ${MAX_TEAM_MEMBERS} pessoas.`,
  memberNotFound: "Esta pessoa não está mais na equipe.",
  notTheOrganizer: "Apenas o organizador pode gerenciar a equipe.",
  /** A door function called by someone without a door role (or removed from the team). */
  notAtTheDoor: "Você não faz parte da portaria deste evento.",
  notCoordinator: "Apenas a coordenação da portaria pode desfazer um check-in.",
  noAccess: "Você não tem acesso a esta página.",
} as const;
