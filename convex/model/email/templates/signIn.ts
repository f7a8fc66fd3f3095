import type { EmailContent } from "../outbox";
import { pageContent } from "./common";

/** The sign-in code (8 digits, 15 minutes). No link: a code typed where it was asked for cannot be phished by a lookalike link. */
export function signInCodeEmail(code: string): EmailContent {
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
