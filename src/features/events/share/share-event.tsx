import { useId, useState } from "react";
import { Field } from "../../../components/field";
import type { EventDetail } from "../../../lib/api-types";

type ShareEventProps = { event: Pick<EventDetail, "name" | "shareUrl"> };

type Copy = "idle" | "copied" | "failed";

/**
 * `Compartilhar`: the browser's own share sheet where there is one (phones), otherwise
 * `Copiar link` and WhatsApp. Shares the preview link (`<site>/e/<id>`), whose page gives
 * WhatsApp and others the event's title, description and image.
 */
export function ShareEvent({ event }: ShareEventProps) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const [copy, setCopy] = useState<Copy>("idle");
  const text = `Apoie o evento ${event.name}`;

  async function share() {
    if (typeof navigator.share === "function") {
      try {
        await navigator.share({ title: event.name, text, url: event.shareUrl });
        return;
      } catch (error) {
        // Closing the sheet is a choice, not a failure; anything else falls back to the panel.
        if (error instanceof DOMException && error.name === "AbortError") return;
      }
    }
    setCopy("idle");
    setOpen((current) => !current);
  }

  async function copyLink() {
    try {
      await navigator.clipboard.writeText(event.shareUrl);
      setCopy("copied");
    } catch {
      setCopy("failed");
    }
  }

  return (
    <div className="share">
      <button
        type="button"
        className="button button--secondary"
        aria-expanded={open}
        aria-controls={`${id}-panel`}
        onClick={() => void share()}
      >
        Compartilhar
      </button>
      {open && (
        <div id={`${id}-panel`} className="share__panel">
          <Field label="Link do evento" labelClassName="sr-only" bare>
            {(control) => <input {...control} className="share__link" readOnly value={event.shareUrl} onFocus={(e) => e.target.select()} />}
          </Field>
          <div className="share__actions">
            <button type="button" className="button button--primary" onClick={() => void copyLink()}>
              Copiar link
            </button>
            <a
              className="button button--whatsapp"
              href={`https://wa.me/?text=${encodeURIComponent(`${text}: ${event.shareUrl}`)}`}
              target="_blank"
              rel="noopener noreferrer"
            >
              WhatsApp
            </a>
          </div>
          <p className="share__status" role="status">
            {copy === "copied" ? "Link copiado!" : copy === "failed" ? "Não foi possível copiar. Selecione o link e copie." : ""}
          </p>
        </div>
      )}
    </div>
  );
}
