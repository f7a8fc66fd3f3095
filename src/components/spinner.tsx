import "./components.css";

type SpinnerProps = { label?: string; size?: "small" | "large" };

/** An animated ring with an accessible status text ("Carregando..." by default). */
export function Spinner({ label = "Carregando...", size = "large" }: SpinnerProps) {
  return (
    <div className={`spinner spinner--${size}`} role="status" aria-live="polite">
      <span className="spinner__ring" aria-hidden="true" />
      <span className="sr-only">{label}</span>
    </div>
  );
}
