import type { ReactNode } from "react";
import { useQuery } from "convex/react";
import type { FunctionReturnType } from "convex/server";
import { api } from "@convex/_generated/api";
import { turnSentence, WAITING_ROOM_MESSAGES } from "@convex/model/shared/waitingRoom";
import { useClock } from "../../lib/use-clock";
import { RoomLine } from "./room-line";
import "./waiting-room.css";

export type RoomStatus = NonNullable<FunctionReturnType<typeof api.waitingRoom.status>>;
export type MyPlace = FunctionReturnType<typeof api.waitingRoom.mine>;

/**
 * The event page's `Sala de espera`, around the event's `Ingressos` (`children`): on an event
 * without a room, or once the room says `Esgotado` (the `Lista de espera` is then what is left)
 * or closed, `Ingressos` as always; to a person whose turn came, `Sua vez! Você pode comprar até
 * HH:MM` above them; to everyone else the room, and no `Ingressos` at all, so a page waiting in
 * the room reads two small documents (the room's counter and its own place), not the stock.
 * `Ingressos` keeps one place in the tree, so its purchase result survives the room's changes.
 */
export function WaitingRoom({ eventId, open, children }: { eventId: string; open: boolean; children: ReactNode }) {
  const room = useQuery(api.waitingRoom.status, { eventId });
  const mine = useQuery(api.waitingRoom.mine, { eventId });
  const now = useClock(1_000);
  if (room === undefined) return null;
  const ended = room === null || !open || room.status === "soldOut" || room.status === "closed";
  const hasTurn = mine?.turnEndsAt != null;
  return (
    <>
      {room?.status === "soldOut" && (
        <section className="waiting-room waiting-room--sold-out" aria-label="Sala de espera">
          <p className="waiting-room__title" role="status">
            {WAITING_ROOM_MESSAGES.soldOut}
          </p>
          <p className="waiting-room__hint">Todos os ingressos foram vendidos. Se algum voltar, a lista de espera abaixo tem a vez.</p>
        </section>
      )}
      {!ended && hasTurn && <TurnBanner turnEndsAt={mine.turnEndsAt!} used={mine.turnUsed} now={now} />}
      {!ended && !hasTurn && mine !== undefined && <RoomLine eventId={eventId} room={room} mine={mine} now={now} />}
      {(ended || hasTurn) && children}
    </>
  );
}

function TurnBanner({ turnEndsAt, used, now }: { turnEndsAt: number; used: boolean; now: number }) {
  const running = now < turnEndsAt && !used;
  return (
    <section className={`waiting-room ${running ? "waiting-room--turn" : ""}`} aria-label="Sala de espera">
      <p className="waiting-room__title" role="status">
        {running ? turnSentence(turnEndsAt) : used ? "Você já usou a sua vez." : "Sua vez terminou."}
      </p>
      {running && <p className="waiting-room__hint">Uma compra por vez, com o formulário abaixo.</p>}
    </section>
  );
}
