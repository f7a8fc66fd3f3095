import { useId, useRef, useState, type FormEvent } from "react";
import { useAuthActions } from "@convex-dev/auth/react";
import { Modal } from "../../components/modal";
import { isEmailAddress } from "@convex/model/shared/email";
import { MESSAGES } from "@convex/model/shared/texts";
import { errorNotice } from "../../lib/errors";

type LocalSignInDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Called once the sign-in went through, before the dialog closes. */
  onSignedIn?: (() => void) | undefined;
};

/** Development sign-in (provider "local"): a name and an e-mail, no password. */
export default function LocalSignInDialog({ open, onOpenChange, onSignedIn }: LocalSignInDialogProps) {
  const { signIn } = useAuthActions();
  const nameId = useId();
  const emailId = useId();
  const [name, setName] = useState("");
  const [email, setEmail] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const nameRef = useRef<HTMLInputElement>(null);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (name.trim() === "" || !isEmailAddress(email.trim())) {
      setError(MESSAGES.invalidSignIn);
      return;
    }
    setPending(true);
    setError(null);
    try {
      await signIn("local", { name: name.trim(), email: email.trim() });
      onSignedIn?.();
      onOpenChange(false);
    } catch (caught) {
      setError(errorNotice(caught, MESSAGES.invalidSignIn).message);
    } finally {
      setPending(false);
    }
  }

  return (
    <Modal
      open={open}
      onOpenChange={onOpenChange}
      title="Entrar (modo local)"
      description="Modo de desenvolvimento: entre só com um nome e um e-mail."
      size="small"
      initialFocusRef={nameRef}
    >
      <form className="form" onSubmit={(event) => void submit(event)} noValidate>
        <div className="field">
          <label htmlFor={nameId}>Nome</label>
          <input
            ref={nameRef}
            id={nameId}
            name="name"
            autoComplete="name"
            value={name}
            onChange={(e) => setName(e.target.value)}
            required
          />
        </div>
        <div className="field">
          <label htmlFor={emailId}>E-mail</label>
          <input
            id={emailId}
            name="email"
            type="email"
            autoComplete="email"
            inputMode="email"
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            required
          />
        </div>
        {error !== null && (
          <p className="form__error" role="alert">
            {error}
          </p>
        )}
        <div className="dialog__actions">
          <button type="submit" className="button button--primary" disabled={pending}>
            Entrar
          </button>
        </div>
      </form>
    </Modal>
  );
}
