import { useId } from "react";
import { MAX_ACCESS_URL_LENGTH, MAX_CITY_LENGTH, MAX_DESCRIPTION_LENGTH, MAX_VENUE_LENGTH } from "@convex/model/shared/limits";
import { UFS } from "@convex/model/shared/ufs";
import type { CreateEventValues } from "./create-event-form";

type EventPlaceFieldsProps = {
  values: Pick<CreateEventValues, "description" | "venueName" | "city" | "uf" | "isOnline" | "onlineUrl">;
  onChange: (patch: Partial<CreateEventValues>) => void;
};

/** "Sobre o evento" (optional, plain text) and where it happens: Local, Cidade, UF, or `Evento online` with its link. */
export function EventPlaceFields({ values, onChange: set }: EventPlaceFieldsProps) {
  const id = useId();
  return (
    <>
      <div className="field">
        <label htmlFor={`${id}-description`}>Sobre o evento (opcional)</label>
        <textarea
          id={`${id}-description`}
          rows={4}
          value={values.description}
          maxLength={MAX_DESCRIPTION_LENGTH}
          aria-describedby={`${id}-description-hint`}
          onChange={(e) => set({ description: e.target.value })}
        />
        <p id={`${id}-description-hint`} className="field__hint">
          Conte o que vai acontecer. Até 5.000 caracteres; links começando com https:// viram clicáveis.
        </p>
      </div>
      <div className="checkbox">
        <input id={`${id}-online`} type="checkbox" checked={values.isOnline} onChange={(e) => set({ isOnline: e.target.checked })} />
        <label htmlFor={`${id}-online`}>Evento online</label>
      </div>
      {values.isOnline ? (
        <div className="field">
          <label htmlFor={`${id}-link`}>Link de acesso</label>
          <input
            id={`${id}-link`}
            type="url"
            inputMode="url"
            placeholder="https://..."
            value={values.onlineUrl}
            maxLength={MAX_ACCESS_URL_LENGTH}
            aria-describedby={`${id}-link-hint`}
            onChange={(e) => set({ onlineUrl: e.target.value })}
            required
          />
          <p id={`${id}-link-hint`} className="field__hint">
            Só quem tem ingresso ou apoiou o evento vê o link.
          </p>
        </div>
      ) : (
        <>
          <div className="field">
            <label htmlFor={`${id}-venue`}>Local</label>
            <input
              id={`${id}-venue`}
              value={values.venueName}
              maxLength={MAX_VENUE_LENGTH}
              placeholder="Ex.: Teatro Municipal"
              onChange={(e) => set({ venueName: e.target.value })}
              required
            />
          </div>
          <div className="form__row form__row--city">
            <div className="field">
              <label htmlFor={`${id}-city`}>Cidade</label>
              <input
                id={`${id}-city`}
                value={values.city}
                maxLength={MAX_CITY_LENGTH}
                autoComplete="address-level2"
                onChange={(e) => set({ city: e.target.value })}
                required
              />
            </div>
            <div className="field">
              <label htmlFor={`${id}-uf`}>UF</label>
              <select
                id={`${id}-uf`}
                value={values.uf}
                autoComplete="address-level1"
                onChange={(e) => set({ uf: e.target.value })}
                required
              >
                <option value="">UF</option>
                {UFS.map((uf) => (
                  <option key={uf} value={uf}>
                    {uf}
                  </option>
                ))}
              </select>
            </div>
          </div>
        </>
      )}
    </>
  );
}
