import { useId, type ReactNode } from "react";

/** What a field hands its control: spread it on the input, select or textarea. */
export type FieldControlProps = {
  id: string;
  "aria-describedby"?: string;
  "aria-invalid"?: true;
};

type FieldProps = {
  /** The control's accessible name: screen readers announce it and the browser tests find the control by it, so its text is part of the product. */
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
  /** No `field` box: the label and control sit in the caller's own row (a one-line form). */
  bare?: boolean;
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
export function Field({
  label,
  hint,
  error,
  invalid = false,
  describedBy,
  id,
  className,
  bare = false,
  labelClassName,
  children,
}: FieldProps) {
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
  const parts = (
    <>
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
    </>
  );
  if (bare) return parts;
  return <div className={className === undefined ? "field" : `field ${className}`}>{parts}</div>;
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

type RadioOptionProps = {
  /** The group's name: one option of it is checked at a time. */
  name: string;
  label: ReactNode;
  checked: boolean;
  onSelect: () => void;
  /** What the option means, read after its name. */
  hint?: ReactNode;
  value?: string;
  disabled?: boolean;
  /** The option's line (layout). */
  className: string;
  hintClassName?: string;
};

/** One option of a radio group: the radio, its label after it and maybe a sentence under them. */
export function RadioOption({ name, label, checked, onSelect, hint, value, disabled, className, hintClassName }: RadioOptionProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const hasHint = hint !== undefined && hint !== null && hint !== false;
  return (
    <div className={className}>
      <input
        type="radio"
        id={id}
        name={name}
        value={value}
        checked={checked}
        disabled={disabled}
        aria-describedby={hasHint ? hintId : undefined}
        onChange={onSelect}
      />
      <label htmlFor={id}>{label}</label>
      {hasHint && (
        <p id={hintId} className={hintClassName === undefined ? "field__hint" : `field__hint ${hintClassName}`}>
          {hint}
        </p>
      )}
    </div>
  );
}

/** A select's options: each value shown as itself, or by its label in `labels`. */
export function Options<Value extends string>({ values, labels }: { values: readonly Value[]; labels?: Record<Value, string> }) {
  return values.map((value) => (
    <option key={value} value={value}>
      {labels === undefined ? value : labels[value]}
    </option>
  ));
}

/** What a web address input takes: the URL keyboard on phones and the browser's own check. */
export const URL_INPUT = { type: "url", inputMode: "url", placeholder: "https://..." } as const;
