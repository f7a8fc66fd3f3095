import { useEffect, useId, useRef, useState, type FormEvent, type RefObject } from "react";
import { useMutation } from "convex/react";
import { api } from "../../../convex/_generated/api";
import { CATEGORIES } from "../../../convex/model/shared/categories";
import { startsInFuture } from "../../../convex/model/shared/eventInput";
import { MAX_EVENT_NAME_LENGTH } from "../../../convex/model/shared/limits";
import { MESSAGES } from "../../../convex/model/shared/texts";
import { AlertDialog } from "../../components/alert-dialog";
import { Modal } from "../../components/modal";
import { errorNotice } from "../../lib/errors";
import { EMPTY_CREATE_EVENT, toEventInput, type CreateEventValues } from "./create-event-form";
import { ImagePicker } from "./image-picker";
import { useImageUpload, withUploadedImage } from "./use-image-upload";
import "./events.css";

/** The create form's categories, in SPEC.md's order. */

/** SPEC.md: after "Evento criado com sucesso." the modal goes away after 2000 ms. */
export const CLOSE_AFTER_SUCCESS_MS = 2000;

type Notice = { title: string; message: string; tone: "success" | "error" };

type CreateEventModalProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  returnFocusRef?: RefObject<HTMLElement | null>;
};

/** "Criar Evento": the form, checked here for convenience and again by the server. */
export default function CreateEventModal({ open, onOpenChange, returnFocusRef }: CreateEventModalProps) {
  const id = useId();
  const create = useMutation(api.events.create);
  const [values, setValues] = useState<CreateEventValues>(EMPTY_CREATE_EVENT);
  const [notice, setNotice] = useState<Notice | null>(null);
  const [pending, setPending] = useState(false);
  const [created, setCreated] = useState(false);
  const closeTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const nameRef = useRef<HTMLInputElement>(null);
  const image = useImageUpload();

  useEffect(() => () => {
    if (closeTimer.current !== null) clearTimeout(closeTimer.current);
  }, []);

  const set = (patch: Partial<CreateEventValues>) => setValues((current) => ({ ...current, ...patch }));

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (pending || created || image.upload.status === "uploading") return;
    const now = Date.now();
    const input = toEventInput(values, now);
    if (input === null || !startsInFuture(input, now)) {
      const message = input === null ? MESSAGES.invalidEventInput : MESSAGES.eventInPast;
      setNotice({ title: "Atenção", message, tone: "error" });
      return;
    }
    setPending(true);
    try {
      await create(withUploadedImage(input, image.upload));
      setCreated(true);
      setNotice({ title: "Sucesso!", message: "Evento criado com sucesso.", tone: "success" });
      closeTimer.current = setTimeout(() => onOpenChange(false), CLOSE_AFTER_SUCCESS_MS);
    } catch (error) {
      const { title, message } = errorNotice(error);
      setNotice({ title: title ?? "Atenção", message, tone: "error" });
    } finally {
      setPending(false);
    }
  }

  return (
    <Modal
      open={open}
      onOpenChange={onOpenChange}
      returnFocusRef={returnFocusRef}
      initialFocusRef={nameRef}
      title="Criar Evento"
      description="Preencha os dados do evento. Todos os campos são obrigatórios, exceto a imagem."
    >
      <form className="form create-event" onSubmit={(event) => void submit(event)} noValidate>
        <div className="field">
          <label htmlFor={`${id}-name`}>Nome do evento</label>
          <input ref={nameRef} id={`${id}-name`} value={values.name} maxLength={MAX_EVENT_NAME_LENGTH} onChange={(e) => set({ name: e.target.value })} required />
        </div>
        <div className="field">
          <label htmlFor={`${id}-category`}>Categoria</label>
          <select id={`${id}-category`} value={values.category} onChange={(e) => set({ category: e.target.value })} required>
            <option value="">Selecione uma categoria</option>
            {CATEGORIES.map((category) => (
              <option key={category} value={category}>
                {category}
              </option>
            ))}
          </select>
        </div>
        <div className="form__row">
          <div className="field">
            <label htmlFor={`${id}-date`}>Data</label>
            <input id={`${id}-date`} type="date" value={values.date} onChange={(e) => set({ date: e.target.value })} required />
          </div>
          <div className="field">
            <label htmlFor={`${id}-time`}>Horário</label>
            <input id={`${id}-time`} type="time" value={values.time} onChange={(e) => set({ time: e.target.value })} required />
          </div>
        </div>
        <div className="form__row">
          <div className="field">
            <label htmlFor={`${id}-goal`}>Meta (R$)</label>
            <input
              id={`${id}-goal`}
              inputMode="decimal"
              placeholder="1.000,00"
              value={values.goal}
              onChange={(e) => set({ goal: e.target.value })}
              required
            />
          </div>
          <div className="field">
            <label htmlFor={`${id}-min`}>Apoio mínimo (R$)</label>
            <input
              id={`${id}-min`}
              inputMode="decimal"
              placeholder="5,00"
              value={values.minSupport}
              onChange={(e) => set({ minSupport: e.target.value })}
              required
            />
          </div>
        </div>
        <div className="field">
          <label htmlFor={`${id}-percent`}>Porcentagem da meta (%)</label>
          <input
            id={`${id}-percent`}
            type="number"
            inputMode="numeric"
            min={1}
            max={100}
            step={1}
            value={values.goalPercentage}
            aria-describedby={`${id}-percent-hint`}
            onChange={(e) => set({ goalPercentage: e.target.value })}
            required
          />
          <p id={`${id}-percent-hint`} className="field__hint">
            Ao atingir essa porcentagem da meta, o evento é concluído e os apoios são encerrados.
          </p>
        </div>
        <ImagePicker upload={image.upload} onChoose={(file) => void image.choose(file)} />
        <div className="field">
          <label htmlFor={`${id}-image`}>URL da imagem (opcional)</label>
          <input
            id={`${id}-image`}
            type="url"
            inputMode="url"
            placeholder="https://..."
            value={values.imageUrl}
            disabled={image.upload.status !== "empty"}
            aria-describedby={`${id}-image-hint`}
            onChange={(e) => set({ imageUrl: e.target.value })}
          />
          <p id={`${id}-image-hint`} className="field__hint">
            Tamanhos sugeridos: 300x400 ou 600x800 pixels.
          </p>
        </div>
        <div className="checkbox">
          <input
            id={`${id}-ticketed`}
            type="checkbox"
            checked={values.isTicketed}
            onChange={(e) => set({ isTicketed: e.target.checked })}
          />
          <label htmlFor={`${id}-ticketed`}>Evento com ingresso</label>
        </div>
        <div className="dialog__actions">
          <button type="button" className="button button--ghost" onClick={() => onOpenChange(false)}>
            Cancelar
          </button>
          <button type="submit" className="button button--primary" disabled={pending || created || image.upload.status === "uploading"}>
            {pending ? "Criando..." : "Criar"}
          </button>
        </div>
      </form>
      <AlertDialog
        open={notice !== null}
        title={notice?.title ?? ""}
        message={notice?.message ?? ""}
        tone={notice?.tone ?? "info"}
        onClose={() => setNotice(null)}
      />
    </Modal>
  );
}
