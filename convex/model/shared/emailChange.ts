// Pure: `Corrigir meu e-mail`'s texts, shared by the page and the server that sends them.

/** Wrong codes a change takes before it is dropped (10^8 codes: guessing stays hopeless). */
export const MAX_WRONG_CODE_TRIES = 5;

export const EMAIL_CHANGE_TEXTS = {
  title: "Corrigir meu e-mail",
  current: (email: string) => `Seu e-mail agora: ${email}`,
  newEmailLabel: "Novo e-mail",
  send: "Enviar código",
  codeLabel: "Código",
  confirm: "Confirmar e-mail",
  cancel: "Cancelar troca",
  sent: (email: string) => `Enviamos um código de 8 números para ${email}. Ele vale por 15 minutos.`,
  changed: (email: string) => `E-mail alterado para ${email}.`,
  hint: "O e-mail só muda depois que você digitar aqui o código que enviaremos para o novo endereço.",
} as const;

export const EMAIL_CHANGE_MESSAGES = {
  invalidEmail: "Informe um e-mail válido (até 254 caracteres).",
  sameEmail: "Este já é o seu e-mail.",
  unavailable: "A troca de e-mail não está disponível agora: o Apoie não está enviando e-mails.",
  codeFormat: "O código tem 8 números.",
  noPending: "Nenhuma troca de e-mail em andamento. Peça um código primeiro.",
  badCode: "Código errado. Confira o código e tente de novo.",
  expired: "O código expirou. Peça outro código.",
  tooManyTries: "Código errado muitas vezes. Peça outro código.",
  taken: "Este e-mail já é usado por outra conta do Apoie.",
} as const;
