import { useRef, useState, type FormEvent } from "react";
import { useAuthActions } from "@convex-dev/auth/react";
import { DialogFormFooter } from "../../components/dialog-form-footer";
import { Field } from "../../components/field";
import { Modal } from "../../components/modal";
import { useDialogSubmit } from "../../lib/use-dialog-submit";
import { isEmailAddress } from "@convex/model/shared/email";
import { MESSAGES } from "@convex/model/shared/texts";

type LocalSignInDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Called once the sign-in went through, before the dialog closes. */
  onSignedIn?: (() => void) | undefined;
};

/** Development sign-in (provider "local"): a name and an e-mail, no password. */
export default function LocalSignInDialog({ open, onOpenChange, onSignedIn }: LocalSignInDialogProps) {
  const { signIn } = useAuthActions();
  const [name, setName] = useState("");
  const [email, setEmail] = useState("");
  const { error, pending, refuse, run } = useDialogSubmit(MESSAGES.invalidSignIn);
  const nameRef = useRef<HTMLInputElement>(null);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (name.trim() === "" || !isEmailAddress(email.trim())) {
      refuse(MESSAGES.invalidSignIn);
      return;
    }
    await run(async () => {
      await signIn("local", { name: name.trim(), email: email.trim() });
      onSignedIn?.();
      onOpenChange(false);
    });
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
        <Field label="Nome">
          {(control) => (
            <input
              {...control}
              ref={nameRef}
              name="name"
              autoComplete="name"
              value={name}
              onChange={(e) => setName(e.target.value)}
              required
            />
          )}
        </Field>
        <Field label="E-mail">
          {(control) => (
            <input
              {...control}
              name="email"
              type="email"
              autoComplete="email"
              inputMode="email"
              value={email}
              onChange={(e) => setEmail(e.target.value)}
              required
            />
          )}
        </Field>
        <DialogFormFooter error={error} pending={pending} submitLabel="Entrar" />
      </form>
    </Modal>
  );
}
