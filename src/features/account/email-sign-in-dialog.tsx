import { useEffect, useRef, useState, type FormEvent } from "react";
import { useAuthActions } from "@convex-dev/auth/react";
import { DialogFormFooter } from "../../components/dialog-form-footer";
import { Field } from "../../components/field";
import { Modal } from "../../components/modal";
import { useDialogSubmit } from "../../lib/use-dialog-submit";
import { isEmailAddress } from "@convex/model/shared/email";
import { EMAIL_SIGN_IN_MESSAGES, normalEmail } from "@convex/model/shared/emailSignIn";

type EmailSignInDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onSignedIn?: (() => void) | undefined;
};

/**
 * `Entrar com e-mail` (Convex Auth's e-mail provider): the e-mail, then the 8-digit code sent to
 * it. The server decides every refusal; the form only spares a request for an obviously bad input.
 */
export default function EmailSignInDialog({ open, onOpenChange, onSignedIn }: EmailSignInDialogProps) {
  const { signIn } = useAuthActions();
  const [email, setEmail] = useState("");
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [code, setCode] = useState("");
  const { error, pending, refuse, run } = useDialogSubmit(
    sentTo === null ? EMAIL_SIGN_IN_MESSAGES.invalidEmail : EMAIL_SIGN_IN_MESSAGES.badCode,
  );
  const emailRef = useRef<HTMLInputElement>(null);

  async function askCode(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const address = normalEmail(email);
    if (!isEmailAddress(address) || address.length > 254) return refuse(EMAIL_SIGN_IN_MESSAGES.invalidEmail);
    await run(async () => {
      await signIn("email", { email: address });
      setSentTo(address);
    });
  }

  async function enter(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const digits = code.replace(/\s/g, "");
    if (!/^\d{8}$/.test(digits)) return refuse(EMAIL_SIGN_IN_MESSAGES.codeFormat);
    await run(async () => {
      await signIn("email", { email: sentTo!, code: digits });
      onSignedIn?.();
      onOpenChange(false);
    });
  }

  return (
    <Modal
      open={open}
      onOpenChange={onOpenChange}
      title="Entrar com e-mail"
      description={
        sentTo === null
          ? "Enviaremos um código de 8 números para o seu e-mail."
          : `Enviamos um código para ${sentTo}. Ele vale por 15 minutos.`
      }
      size="small"
      initialFocusRef={emailRef}
    >
      <form className="form" onSubmit={(event) => void (sentTo === null ? askCode(event) : enter(event))} noValidate>
        {sentTo === null ? (
          <Field label="E-mail">
            {(control) => (
              <input
                {...control}
                ref={emailRef}
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
        ) : (
          <CodeField code={code} setCode={setCode} />
        )}
        <DialogFormFooter error={error} pending={pending} submitLabel={sentTo === null ? "Enviar código" : "Entrar"} />
      </form>
    </Modal>
  );
}

/** The code's field, focused when it appears (the field the person came to fill after the e-mail step). */
function CodeField({ code, setCode }: { code: string; setCode: (code: string) => void }) {
  const ref = useRef<HTMLInputElement>(null);
  useEffect(() => ref.current?.focus(), []);
  return (
    <Field label="Código">
      {(control) => (
        <input
          {...control}
          ref={ref}
          name="code"
          autoComplete="one-time-code"
          inputMode="numeric"
          maxLength={12}
          value={code}
          onChange={(e) => setCode(e.target.value)}
          required
        />
      )}
    </Field>
  );
}
