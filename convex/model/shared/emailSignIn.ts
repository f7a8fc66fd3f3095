// Pure: `Entrar com e-mail`'s texts and the address's normal form, shared by the form and the server.

export const EMAIL_SIGN_IN_MESSAGES = {
  invalidEmail: "Informe um e-mail válido (até 254 caracteres).",
  unavailable: "Entrar com e-mail não está disponível agora.",
  badCode: "Código errado, expirado ou já usado. Confira o código ou peça outro.",
  codeFormat: "O código tem 8 números.",
} as const;

/** What the form sends: trimmed, lower case (the server refuses any other form). */
export function normalEmail(typed: string): string {
  return typed.trim().toLowerCase();
}
