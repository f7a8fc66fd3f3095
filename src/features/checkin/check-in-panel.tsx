import { lazy, Suspense, useState, type FormEvent } from "react";
import { useAction } from "convex/react";
import { api } from "@convex/_generated/api";
import { mayCall } from "@convex/model/shared/functionAccess";
import type { EventRole } from "@convex/model/shared/team";
import { Field } from "../../components/field";
import { Spinner } from "../../components/spinner";
import { errorNotice } from "../../lib/errors";
import { CheckInCounter } from "./check-in-counter";
import { DoorFigures } from "./door-figures";
import { DoorNameForm } from "./door-name-form";
import { DoorReview } from "./door-review";
import { DoorStatus } from "./door-status";
import { canScan } from "./qr-scanner-support";
import { UndoCheckIn } from "./undo-check-in";
import { useDoor, type LocalVerdict } from "./use-door";
import "./check-in.css";

// The camera code (and the QR decoder behind it) loads only when someone taps the button.
const QrScanner = lazy(() => import("./qr-scanner"));

type Result = { tone: "success" | "error"; text: string; note?: string | null };

const admitted = (name: string, kind: string | null) => `Entrada liberada: ${name}${kind === null ? "" : ` · ${kind}`}`;
const resultOf = (verdict: LocalVerdict): Result =>
  verdict.ok ? { tone: "success", text: admitted(verdict.name, verdict.kind) } : { tone: "error", text: verdict.message };

type CheckInPanelProps = { eventId: string; userId: string; role: EventRole };

/**
 * The door screen: the live counter, the code field with `Validar`, and the camera. Connected, the
 * server decides each code (its refusals' `HH:mm` is São Paulo time, where events happen); without
 * connection the device decides from its download and sends the entries when the connection is back.
 */
export function CheckInPanel({ eventId, userId, role }: CheckInPanelProps) {
  const checkIn = useAction(api.tickets.checkIn);
  const door = useDoor(eventId, userId);
  const [code, setCode] = useState("");
  const [pending, setPending] = useState(false);
  const [result, setResult] = useState<Result | null>(null);
  const [scanning, setScanning] = useState(false);

  const validate = async (typed: string) => {
    setPending(true);
    try {
      if (door.online) {
        const { holderName, kind, note } = await checkIn({ eventId, code: typed, doorName: door.doorName });
        setResult({ tone: "success", text: admitted(holderName, kind), note });
      } else {
        setResult(resultOf(await door.checkHere(typed)));
      }
      setCode("");
    } catch (error) {
      setResult({ tone: "error", text: errorNotice(error).message });
    } finally {
      setPending(false);
    }
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void validate(code);
  };

  return (
    <div className="check-in">
      <DoorNameForm doorName={door.doorName} onChange={door.setDoorName} online={door.online} />
      <DoorStatus online={door.online} pending={door.pending} ready={door.ready} refused={door.refused} />
      <CheckInCounter eventId={eventId} />
      {result !== null && (
        <p className={`check-in__result check-in__result--${result.tone}`} role={result.tone === "error" ? "alert" : "status"}>
          {result.text}
          {result.note != null && <strong className="check-in__note">{result.note}</strong>}
        </p>
      )}
      <form className="check-in__form" onSubmit={onSubmit}>
        <Field label="Código do ingresso" bare>
          {(control) => (
            <input
              {...control}
              value={code}
              onChange={(event) => setCode(event.target.value)}
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              maxLength={36}
              required
            />
          )}
        </Field>
        <button type="submit" className="button button--primary button--large" disabled={pending}>
          Validar
        </button>
      </form>
      {canScan() &&
        (scanning ? (
          <Suspense fallback={<Spinner label="Abrindo câmera..." />}>
            <QrScanner onCode={(scanned) => void validate(scanned)} onClose={() => setScanning(false)} />
          </Suspense>
        ) : (
          <button type="button" className="button button--secondary button--large" onClick={() => setScanning(true)}>
            Escanear QR code
          </button>
        ))}
      {door.session !== null && <DoorReview sessionId={door.session.sessionId} />}
      {mayCall("door:undoCheckIn", role) && <UndoCheckIn eventId={eventId} />}
      {mayCall("door:figures", role) && <DoorFigures eventId={eventId} />}
    </div>
  );
}
