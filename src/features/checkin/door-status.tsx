import { DOOR_MESSAGES, type DoorRefusal } from "@convex/model/shared/door";

type DoorStatusProps = { online: boolean; pending: number; ready: boolean; refused: DoorRefusal | null };

/** Whether the door is connected, what waits to be sent, and whether it can work without connection. */
export function DoorStatus({ online, pending, ready, refused }: DoorStatusProps) {
  const waiting = pending === 0 ? null : pending === 1 ? "1 entrada aguardando envio" : `${pending} entradas aguardando envio`;
  return (
    <div className="door-status" role="status" aria-live="polite">
      {!online && <p className="door-status__offline">{DOOR_MESSAGES.offline}</p>}
      {waiting !== null && <p className="door-status__pending">{waiting}</p>}
      {online && (
        <p className="door-status__ready">{ready ? "Pronto para validar sem conexão" : "Baixando os códigos para validar sem conexão…"}</p>
      )}
      {refused !== null && <p className="door-status__refused">Entradas recusadas pelo servidor: {DOOR_MESSAGES.refusals[refused]}</p>}
    </div>
  );
}
