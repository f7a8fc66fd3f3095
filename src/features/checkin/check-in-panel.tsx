import { lazy, Suspense, useState, type FormEvent } from "react";
import { useAction } from "convex/react";
import { api } from "@convex/_generated/api";
import { Field } from "../../components/field";
import { Spinner } from "../../components/spinner";
import { errorNotice } from "../../lib/errors";
import { CheckInCounter } from "./check-in-counter";
import { canScan } from "./qr-scanner-support";
import "./check-in.css";

// The camera code (and the QR decoder behind it) loads only when someone taps the button.
const QrScanner = lazy(() => import("./qr-scanner"));

type Result = { tone: "success" | "error"; text: string; note?: string | null };

/**
 * The organizer's door screen: the live counter, the code field with `Validar`, and the camera.
 * Refusals show the server's own text (its `HH:mm` is São Paulo time, where events happen).
 */
export function CheckInPanel({ eventId }: { eventId: string }) {
  const checkIn = useAction(api.tickets.checkIn);
  const [code, setCode] = useState("");
  const [pending, setPending] = useState(false);
  const [result, setResult] = useState<Result | null>(null);
  const [scanning, setScanning] = useState(false);

  const validate = async (typed: string) => {
    setPending(true);
    try {
      const { holderName, kind, note } = await checkIn({ eventId, code: typed });
      setResult({ tone: "success", text: `Entrada liberada: ${holderName}${kind === null ? "" : ` · ${kind}`}`, note });
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
    </div>
  );
}
