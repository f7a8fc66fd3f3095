import { useId, type ReactNode } from "react";

/** What a field hands its control: spread it on the input, select or textarea. */
export type FieldControlProps = {
  id: string;
  "aria-describedby"?: string;
  "aria-invalid"?: true;
};

type FieldProps = {
  /** The control's accessible name (tests and DESIGN.md rely on these texts). */
  label: ReactNode;
  /** A sentence under the control, read after its name. */
  hint?: ReactNode;
  /** This field's own refusal: shown under it, announced, and the control marked invalid. */
  error?: string | null;
  /** Marks the control invalid when the form shows the refusal elsewhere (e.g. the dialog's footer). */
  invalid?: boolean;
  /** Ids of other elements that describe the control (a hint shared by several fields). */
  describedBy?: string;
  /** A fixed id for the control; by default one is generated. */
  id?: string;
  /** Extra classes beside `field` (layout only). */
  className?: string;
  labelClassName?: string;
  children: (control: FieldControlProps) => ReactNode;
};

/**
 * A labelled form control: label, the control, its hint and its error, wired once
 * (`htmlFor`, `aria-describedby`, `aria-invalid`). The control is the caller's, drawn by
 * `children` with the props to spread on it:
 *
 *   <Field label="Nome" hint="Como aparece no evento.">
 *     {(control) => <input {...control} value={name} onChange={...} />}
 *   </Field>
 */
export function Field({ label, hint, error, invalid = false, describedBy, id, className, labelClassName, children }: FieldProps) {
  const generated = useId();
  const controlId = id ?? `${generated}-control`;
  const hintId = `${controlId}-hint`;
  const errorId = `${controlId}-error`;
  const hasHint = hint !== undefined && hint !== null && hint !== false;
  const hasError = error !== undefined && error !== null && error !== "";
  const described = [describedBy, hasHint ? hintId : undefined, hasError ? errorId : undefined].filter(Boolean).join(" ");
  const control: FieldControlProps = {
    id: controlId,
    ...(described === "" ? {} : { "aria-describedby": described }),
    ...(hasError || invalid ? { "aria-invalid": true } : {}),
  };
  return (
    <div className={className === undefined ? "field" : `field ${className}`}>
      <label htmlFor={controlId} className={labelClassName}>
        {label}
      </label>
      {children(control)}
      {hasHint && (
        <p id={hintId} className="field__hint">
          {hint}
        </p>
      )}
      {hasError && (
        <p id={errorId} className="field__error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}

type CheckboxFieldProps = {
  label: ReactNode;
  checked: boolean;
  onChange: (checked: boolean) => void;
  disabled?: boolean;
  className?: string;
};

/** A checkbox with its label after it, the whole line clickable. */
export function CheckboxField({ label, checked, onChange, disabled, className }: CheckboxFieldProps) {
  const id = useId();
  return (
    <div className={className === undefined ? "checkbox" : `checkbox ${className}`}>
      <input id={id} type="checkbox" checked={checked} disabled={disabled} onChange={(e) => onChange(e.target.checked)} />
      <label htmlFor={id}>{label}</label>
    </div>
  );
}
