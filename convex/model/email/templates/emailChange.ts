import type { EmailContent } from "../outbox";
import { SECRET_PLACEHOLDER } from "../secret";
import { pageContent } from "./common";

/**
 * The code that confirms a new address in `Meus dados` (8 digits, 15 minutes, once). Rendered
 * around SECRET_PLACEHOLDER by default, like the sign-in code: the outbox row keeps the code apart
 * and only until it is sent (model/email/secret.ts).
 */
export function emailChangeCodeEmail(code: string = SECRET_PLACEHOLDER): EmailContent {
  return pageContent(
    {
      heading: "Confirme seu novo e-mail",
      intro: [
        "Alguém pediu para usar este endereço na conta do Apoie. Para confirmar, digite este código em Meus dados. Ele vale por 15 minutos e só uma vez.",
        "Se não foi você que pediu, ignore este e-mail: nada muda.",
      ],
      blocks: [{ lines: [{ label: "Código", value: code }] }],
    },
    `Seu código para confirmar o novo e-mail no Apoie: ${code}`,
  );
}

/** Told to the old address once the change is made, so a change its owner did not make is noticed. */
export function emailChangedEmail(newEmail: string): EmailContent {
  return pageContent(
    {
      heading: "Seu e-mail no Apoie mudou",
      intro: [
        `O e-mail da sua conta do Apoie agora é ${newEmail}. Avisos e códigos de acesso vão para ele.`,
        "Se não foi você, entre na sua conta e corrija o e-mail em Meus dados.",
      ],
    },
    `O e-mail da sua conta do Apoie agora é ${newEmail}.`,
  );
}
