import { useId, type RefObject } from "react";
import { CATEGORIES } from "@convex/model/shared/categories";
import { MAX_EVENT_NAME_LENGTH } from "@convex/model/shared/limits";
import type { CreateEventValues } from "./create-event-form";
import { EventPlaceFields } from "./event-place-fields";
import { ImagePicker } from "../image-upload/image-picker";
import type { useImageUpload } from "../image-upload/use-image-upload";
import { TicketTypesEditor } from "../ticket-types/ticket-types-editor";
import { FundingModeField } from "./funding-mode-field";
import { RewardsEditor } from "./rewards/rewards-editor";

type CreateEventFieldsProps = {
  values: CreateEventValues;
  onChange: (patch: Partial<CreateEventValues>) => void;
  image: ReturnType<typeof useImageUpload>;
  /** The first field, focused when the modal opens. */
  nameRef: RefObject<HTMLInputElement | null>;
  /** Editing an event that has supports: what supporters chose it for stays as it is. */
  lockCore?: boolean;
};

/** The fields of "Criar Evento", in the product's order (docs/product.md); the image is either uploaded or a URL. */
export function CreateEventFields({ values, onChange: set, image, nameRef, lockCore = false }: CreateEventFieldsProps) {
  const id = useId();
  return (
    <>
      <div className="field">
        <label htmlFor={`${id}-name`}>Nome do evento</label>
        <input
          ref={nameRef}
          id={`${id}-name`}
          disabled={lockCore}
          value={values.name}
          maxLength={MAX_EVENT_NAME_LENGTH}
          onChange={(e) => set({ name: e.target.value })}
          required
        />
      </div>
      <div className="field">
        <label htmlFor={`${id}-category`}>Categoria</label>
        <select
          id={`${id}-category`}
          disabled={lockCore}
          value={values.category}
          onChange={(e) => set({ category: e.target.value })}
          required
        >
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
          <input
            id={`${id}-date`}
            disabled={lockCore}
            type="date"
            value={values.date}
            onChange={(e) => set({ date: e.target.value })}
            required
          />
        </div>
        <div className="field">
          <label htmlFor={`${id}-time`}>Horário</label>
          <input
            id={`${id}-time`}
            disabled={lockCore}
            type="time"
            value={values.time}
            onChange={(e) => set({ time: e.target.value })}
            required
          />
        </div>
      </div>
      <EventPlaceFields values={values} onChange={set} />
      <div className="form__row">
        <div className="field">
          <label htmlFor={`${id}-goal`}>Meta (R$)</label>
          <input
            id={`${id}-goal`}
            disabled={lockCore}
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
            disabled={lockCore}
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
          disabled={lockCore}
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
      <FundingModeField value={values.fundingMode} onChange={(fundingMode) => set({ fundingMode })} disabled={lockCore} />
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
          disabled={lockCore}
          type="checkbox"
          checked={values.isTicketed}
          onChange={(e) => set({ isTicketed: e.target.checked })}
        />
        <label htmlFor={`${id}-ticketed`}>Evento com ingresso</label>
      </div>
      {values.isTicketed && (
        <TicketTypesEditor
          types={values.ticketTypes}
          category={values.category}
          onChange={(ticketTypes) => set({ ticketTypes })}
          maxPerPerson={values.maxPerPerson}
          onMaxPerPersonChange={(maxPerPerson) => set({ maxPerPerson })}
        />
      )}
      <RewardsEditor rewards={values.rewards} onChange={(rewards) => set({ rewards })} />
    </>
  );
}
