import { MAX_ACCESS_URL_LENGTH, MAX_CITY_LENGTH, MAX_DESCRIPTION_LENGTH, MAX_VENUE_LENGTH } from "@convex/model/shared/limits";
import { UFS } from "@convex/model/shared/ufs";
import { CheckboxField, Field, Options, URL_INPUT } from "../../../components/field";
import type { CreateEventValues } from "./create-event-form";

type EventPlaceFieldsProps = {
  values: Pick<CreateEventValues, "description" | "venueName" | "city" | "uf" | "isOnline" | "onlineUrl">;
  onChange: (patch: Partial<CreateEventValues>) => void;
};

/** "Sobre o evento" (optional, plain text) and where it happens: Local, Cidade, UF, or `Evento online` with its link. */
export function EventPlaceFields({ values, onChange: set }: EventPlaceFieldsProps) {
  return (
    <>
      <Field
        label="Sobre o evento (opcional)"
        hint="Conte o que vai acontecer. Até 5.000 caracteres; links começando com https:// viram clicáveis."
      >
        {(control) => (
          <textarea
            {...control}
            rows={4}
            value={values.description}
            maxLength={MAX_DESCRIPTION_LENGTH}
            onChange={(e) => set({ description: e.target.value })}
          />
        )}
      </Field>
      <CheckboxField label="Evento online" checked={values.isOnline} onChange={(isOnline) => set({ isOnline })} />
      {values.isOnline ? (
        <Field label="Link de acesso" hint="Só quem tem ingresso ou apoiou o evento vê o link.">
          {(control) => (
            <input
              {...control}
              {...URL_INPUT}
              value={values.onlineUrl}
              maxLength={MAX_ACCESS_URL_LENGTH}
              onChange={(e) => set({ onlineUrl: e.target.value })}
              required
            />
          )}
        </Field>
      ) : (
        <VenueFields values={values} onChange={set} />
      )}
    </>
  );
}

/** Where an event in person happens: `Local`, `Cidade` and `UF`. */
function VenueFields({ values, onChange: set }: EventPlaceFieldsProps) {
  return (
    <>
      <Field label="Local">
        {(control) => (
          <input
            {...control}
            value={values.venueName}
            maxLength={MAX_VENUE_LENGTH}
            placeholder="Ex.: Teatro Municipal"
            onChange={(e) => set({ venueName: e.target.value })}
            required
          />
        )}
      </Field>
      <div className="form__row form__row--city">
        <Field label="Cidade">
          {(control) => (
            <input
              {...control}
              value={values.city}
              maxLength={MAX_CITY_LENGTH}
              autoComplete="address-level2"
              onChange={(e) => set({ city: e.target.value })}
              required
            />
          )}
        </Field>
        <Field label="UF">
          {(control) => (
            <select {...control} value={values.uf} autoComplete="address-level1" onChange={(e) => set({ uf: e.target.value })} required>
              <option value="">UF</option>
              <Options values={UFS} />
            </select>
          )}
        </Field>
      </div>
    </>
  );
}
