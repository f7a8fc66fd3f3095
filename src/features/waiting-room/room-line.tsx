import { useMutation } from "convex/react";
import { api } from "@convex/_generated/api";
import { opensInSentence, placeSentence } from "@convex/model/shared/waitingRoom";
import { NoticeAlert } from "../../components/notice-alert";
import { useSubmitWithNotice } from "../../lib/use-submit-with-notice";
import type { MyPlace, RoomStatus } from "./waiting-room";

type RoomLineProps = { eventId: string; room: RoomStatus; mine: MyPlace; now: number };

/** What the room tells whoever waits: the countdown, joining, the draw, then the place and its estimate, live. */
export function RoomLine({ eventId, room, mine, now }: RoomLineProps) {
  const beforeOpening = room.status === "waiting" && now < room.opensAt;
  return (
    <section className="waiting-room" aria-label="Sala de espera">
      <h2 className="waiting-room__heading">Sala de espera</h2>
      {beforeOpening ? (
        <p className="waiting-room__countdown">{opensInSentence(room.opensAt - now)}</p>
      ) : (
        room.status !== "open" && <p className="waiting-room__countdown">Sorteando a ordem de entrada…</p>
      )}
      <p className="waiting-room__title" role="status" aria-live="polite">
        {mine === null
          ? ""
          : mine.place !== null && room.status === "open"
            ? placeSentence(mine.place, room.admittedThrough, room.perMinute)
            : mine.early
              ? "Você está na sala de espera."
              : "Você entrou na fila."}
      </p>
      {mine === null && <JoinRoom eventId={eventId} beforeOpening={beforeOpening} />}
      {mine?.early === true && (
        <p className="waiting-room__hint">Na abertura, a ordem de quem está na sala é sorteada: entrar mais cedo não dá vantagem.</p>
      )}
    </section>
  );
}

function JoinRoom({ eventId, beforeOpening }: { eventId: string; beforeOpening: boolean }) {
  const join = useMutation(api.waitingRoom.join);
  const { notice, pending, submit, close } = useSubmitWithNotice();
  const onJoin = () =>
    void submit(async () => {
      await join({ eventId });
      return null;
    });
  return (
    <>
      <p className="waiting-room__hint">
        {beforeOpening
          ? "Quem estiver na sala na abertura recebe um lugar sorteado na fila; quem chegar depois entra no fim."
          : "As vendas já abriram: você entra no fim da fila."}
      </p>
      <button type="button" className="button button--primary button--large" disabled={pending} onClick={onJoin}>
        Entrar na sala de espera
      </button>
      <NoticeAlert notice={notice} onClose={close} />
    </>
  );
}
