import type { EmailContent } from "../outbox";
import { SECRET_PLACEHOLDER } from "../secret";
import { pageContent } from "./common";

/**
 * The sign-in code (8 digits, 15 minutes). No link: a code typed where it was asked for cannot
 * be phished by a lookalike link. Rendered around SECRET_PLACEHOLDER by default: the outbox row
 * keeps the code apart and only until it is sent (model/email/secret.ts).
 */
export function signInCodeEmail(code: string = SECRET_PLACEHOLDER): EmailContent {
  return pageContent(
    {
      heading: "Seu código para entrar",
      intro: [
        "Use este código para entrar no Apoie. Ele vale por 15 minutos e só uma vez.",
        "Se não foi você que pediu, ignore este e-mail.",
      ],
      blocks: [{ lines: [{ label: "Código", value: code }] }],
    },
    `Seu código para entrar no Apoie: ${code}`,
  );
}
