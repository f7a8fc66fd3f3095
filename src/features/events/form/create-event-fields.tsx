import type { RefObject } from "react";
import { CATEGORIES } from "@convex/model/shared/categories";
import { MAX_EVENT_NAME_LENGTH } from "@convex/model/shared/limits";
import { CheckboxField, Field, Options, URL_INPUT } from "../../../components/field";
import type { CreateEventValues } from "./create-event-form";
import { EventPlaceFields } from "./event-place-fields";
import { ImagePicker } from "../image-upload/image-picker";
import type { useImageUpload } from "../image-upload/use-image-upload";
import { TicketTypesEditor } from "../ticket-types/ticket-types-editor";
import { FundingModeField } from "./funding-mode-field";
import { RewardsEditor } from "./rewards/rewards-editor";

type FieldsProps = {
  values: CreateEventValues;
  onChange: (patch: Partial<CreateEventValues>) => void;
  /** Editing an event that has supports: what supporters chose it for stays as it is. */
  lockCore: boolean;
};

type CreateEventFieldsProps = Omit<FieldsProps, "lockCore"> & {
  image: ReturnType<typeof useImageUpload>;
  /** The first field, focused when the modal opens. */
  nameRef: RefObject<HTMLInputElement | null>;
  lockCore?: boolean;
};

/** The fields of "Criar Evento", in the product's order (docs/product.md); the image is either uploaded or a URL. */
export function CreateEventFields({ values, onChange: set, image, nameRef, lockCore = false }: CreateEventFieldsProps) {
  return (
    <>
      <EventWhatWhenFields values={values} onChange={set} lockCore={lockCore} nameRef={nameRef} />
      <EventPlaceFields values={values} onChange={set} />
      <EventFundingFields values={values} onChange={set} lockCore={lockCore} />
      <ImagePicker upload={image.upload} onChoose={(file) => void image.choose(file)} />
      <Field label="URL da imagem (opcional)" hint="Tamanhos sugeridos: 300x400 ou 600x800 pixels.">
        {(control) => (
          <input
            {...control}
            {...URL_INPUT}
            value={values.imageUrl}
            disabled={image.upload.status !== "empty"}
            onChange={(e) => set({ imageUrl: e.target.value })}
          />
        )}
      </Field>
      <CheckboxField
        label="Evento com ingresso"
        disabled={lockCore}
        checked={values.isTicketed}
        onChange={(isTicketed) => set({ isTicketed })}
      />
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

/** `Nome do evento`, `Categoria`, `Data` and `Horário`. */
function EventWhatWhenFields({ values, onChange: set, lockCore, nameRef }: FieldsProps & Pick<CreateEventFieldsProps, "nameRef">) {
  return (
    <>
      <Field label="Nome do evento">
        {(control) => (
          <input
            {...control}
            ref={nameRef}
            disabled={lockCore}
            value={values.name}
            maxLength={MAX_EVENT_NAME_LENGTH}
            onChange={(e) => set({ name: e.target.value })}
            required
          />
        )}
      </Field>
      <Field label="Categoria">
        {(control) => (
          <select {...control} disabled={lockCore} value={values.category} onChange={(e) => set({ category: e.target.value })} required>
            <option value="">Selecione uma categoria</option>
            <Options values={CATEGORIES} />
          </select>
        )}
      </Field>
      <div className="form__row">
        <Field label="Data">
          {(control) => (
            <input
              {...control}
              disabled={lockCore}
              type="date"
              value={values.date}
              onChange={(e) => set({ date: e.target.value })}
              required
            />
          )}
        </Field>
        <Field label="Horário">
          {(control) => (
            <input
              {...control}
              disabled={lockCore}
              type="time"
              value={values.time}
              onChange={(e) => set({ time: e.target.value })}
              required
            />
          )}
        </Field>
      </div>
    </>
  );
}

/** `Meta (R$)`, `Apoio mínimo (R$)`, `Porcentagem da meta (%)` and the funding mode. */
function EventFundingFields({ values, onChange: set, lockCore }: FieldsProps) {
  return (
    <>
      <div className="form__row">
        <Field label="Meta (R$)">
          {(control) => (
            <input
              {...control}
              disabled={lockCore}
              inputMode="decimal"
              placeholder="1.000,00"
              value={values.goal}
              onChange={(e) => set({ goal: e.target.value })}
              required
            />
          )}
        </Field>
        <Field label="Apoio mínimo (R$)">
          {(control) => (
            <input
              {...control}
              disabled={lockCore}
              inputMode="decimal"
              placeholder="5,00"
              value={values.minSupport}
              onChange={(e) => set({ minSupport: e.target.value })}
              required
            />
          )}
        </Field>
      </div>
      <Field label="Porcentagem da meta (%)" hint="Ao atingir essa porcentagem da meta, o evento é concluído e os apoios são encerrados.">
        {(control) => (
          <input
            {...control}
            disabled={lockCore}
            type="number"
            inputMode="numeric"
            min={1}
            max={100}
            step={1}
            value={values.goalPercentage}
            onChange={(e) => set({ goalPercentage: e.target.value })}
            required
          />
        )}
      </Field>
      <FundingModeField value={values.fundingMode} onChange={(fundingMode) => set({ fundingMode })} disabled={lockCore} />
    </>
  );
}
