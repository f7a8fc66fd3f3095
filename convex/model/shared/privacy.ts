/**
 * `Meus dados`: the Portuguese texts and the retention periods, shared by the server (which
 * enforces them) and the page (which tells them). Pure.
 */
import { formatBRL } from "./money";

const DAY_MS = 24 * 60 * 60 * 1000;
/** Financial records of a deleted account: 5 years (the tax authority's period, CTN arts. 173–174). */
export const FINANCIAL_RETENTION_MS = 5 * 365 * DAY_MS + 2 * DAY_MS;
/** Sign-in records: 6 months (Marco Civil da Internet, art. 15). */
export const SIGN_IN_RETENTION_MS = 183 * DAY_MS;

/** Why an account cannot be deleted yet, and what to do about it. */
export type DeletionBlocker = { reason: string; whatToDo: string };

export const DELETION_BLOCKERS = {
  withdrawable: (cents: number): DeletionBlocker => ({
    reason: `Sua carteira tem ${formatBRL(cents)} que podem ser sacados.`,
    whatToDo: "Saque o valor em Sacar antes de excluir a conta.",
  }),
  owed: (cents: number): DeletionBlocker => ({
    reason: `Há ${formatBRL(cents)} devolvidos ao banco que sua carteira ainda deve.`,
    whatToDo: "Adicione saldo para quitar o valor antes de excluir a conta.",
  }),
  withdrawalInFlight: (): DeletionBlocker => ({
    reason: "Um saque por PIX ainda está em andamento.",
    whatToDo: "Espere o saque ser concluído e tente de novo.",
  }),
  depositPending: (): DeletionBlocker => ({
    reason: "Um depósito por PIX está aguardando pagamento.",
    whatToDo: "Pague o PIX (e saque o valor) ou espere o código expirar.",
  }),
  organizesEvent: (eventName: string): DeletionBlocker => ({
    reason: `Você organiza o evento ${eventName}, que ainda não terminou.`,
    whatToDo: "Espere o repasse ou o estorno do evento terminar, ou cancele o evento.",
  }),
  futureTicket: (eventName: string): DeletionBlocker => ({
    reason: `Você tem ingressos para ${eventName}, que ainda vai acontecer.`,
    whatToDo: "Use, transfira ou cancele os ingressos, ou espere o evento passar.",
  }),
  supportInFlight: (eventName: string): DeletionBlocker => ({
    reason: `Seu apoio a ${eventName} ainda pode voltar para a sua carteira.`,
    whatToDo: "Espere o evento terminar: se ele não acontecer, o valor volta e você pode sacá-lo.",
  }),
  waitingList: (eventName: string): DeletionBlocker => ({
    reason: `Você está na lista de espera de ${eventName}.`,
    whatToDo: "Saia da lista de espera em Meus Ingressos ou no evento.",
  }),
} as const;

export const DELETION_TEXTS = {
  title: "Excluir minha conta",
  refusedTitle: "Ainda não é possível excluir sua conta",
  whatGoes:
    "Saem na hora: seu nome, e-mail e foto, suas formas de entrar e todas as sessões abertas (você sai de todos os navegadores), suas notificações e listas de espera. Nas mensagens do chat e nas listas dos organizadores aparece “Conta excluída”.",
  whatStays:
    "Ficam, sem seu nome nem e-mail: os registros financeiros (extrato, apoios, compras, PIX) por 5 anos, exigidos pela lei tributária, e os registros de acesso por 6 meses (Marco Civil da Internet). Depois disso são apagados. Fica também uma impressão cifrada do seu e-mail, da qual não se lê o endereço, só para o bônus de boas-vindas não ser dado de novo a uma conta nova com ele.",
  promoLost: (cents: number) => `O bônus promocional de ${formatBRL(cents)} da sua carteira será perdido.`,
  confirm: "Excluir minha conta",
  done: "Sua conta foi excluída.",
} as const;

/** `Meus dados`: what Apoie keeps about a person, by kind, how long and why (docs/product.md says the same). */
export const DATA_KINDS: readonly { kind: string; what: string; howLong: string; why: string }[] = [
  {
    kind: "Perfil",
    what: "Nome, e-mail e foto (do Google ou os que você informou) e a versão dos termos que você aceitou. Uma troca de e-mail guarda o novo endereço até o código confirmar (15 minutos).",
    howLong: "Enquanto a conta existir.",
    why: "Para você entrar e para organizadores e apoiadores saberem quem é você.",
  },
  {
    kind: "Acessos",
    what: "Quando você entrou e por onde (Google ou e-mail), e as sessões abertas.",
    howLong: "Registros de acesso por 6 meses; sessões até você sair ou expirarem (30 dias).",
    why: "O Marco Civil da Internet (art. 15) exige guardar registros de acesso por 6 meses.",
  },
  {
    kind: "Carteira e Extrato",
    what: "Saldo, bônus e cada entrada e saída de dinheiro.",
    howLong: "Enquanto a conta existir; depois de excluída, 5 anos sem seu nome.",
    why: "Para mostrar seu saldo e porque a lei tributária exige guardar registros financeiros por 5 anos.",
  },
  {
    kind: "Bônus de boas-vindas",
    what: "Uma impressão digital cifrada de cada e-mail que já recebeu o bônus: não dá para ler o e-mail nela nem saber de quem é.",
    howLong: "Sempre, mesmo depois de excluída a conta.",
    why: "Para o bônus de R$ 50,00 ser dado uma vez por e-mail: quem exclui a conta e cria outra com o mesmo e-mail não recebe outro.",
  },
  {
    kind: "Depósitos e saques por PIX",
    what: "Valores, datas, situação, a chave PIX e o CPF ou CNPJ de quem recebe um saque.",
    howLong: "Enquanto a conta existir; depois, 5 anos (a chave PIX sai na exclusão).",
    why: "Para pagar e receber por PIX e pela obrigação tributária.",
  },
  {
    kind: "Apoios e recompensas",
    what: "Cada apoio, a recompensa escolhida e sua resposta à pergunta dela.",
    howLong: "Enquanto a conta existir; depois, 5 anos sem seu nome e sem suas respostas.",
    why: "Para o evento somar o que arrecadou, o organizador entregar a recompensa e pela obrigação tributária.",
  },
  {
    kind: "Ingressos e transferências",
    what: "Seus ingressos, compras, check-ins e a quem você transferiu um ingresso.",
    howLong: "Enquanto a conta existir; depois, os registros de venda por 5 anos sem seu nome.",
    why: "Para você entrar no evento e pela obrigação tributária.",
  },
  {
    kind: "Listas de espera",
    what: "Em quais listas de espera você entrou e as reservas oferecidas.",
    howLong: "Enquanto a conta existir.",
    why: "Para oferecer a você os ingressos que voltarem.",
  },
  {
    kind: "Mensagens do chat",
    what: "O que você escreveu nos chats dos eventos.",
    howLong: "Enquanto o evento existir; ao excluir a conta, elas aparecem como “Conta excluída”.",
    why: "O chat é a conversa dos apoiadores do evento.",
  },
  {
    kind: "Notificações",
    what: "Os avisos do sino: metas, estornos, repasses, mensagens, PIX.",
    howLong: "90 dias; na exclusão da conta, na hora.",
    why: "Para avisar você do que aconteceu.",
  },
];

export const MY_DATA_TEXTS = {
  title: "Meus dados",
  intro:
    "Tudo o que o Apoie guarda sobre você, por quanto tempo e por quê. Você pode baixar uma cópia, corrigir seu nome e seu e-mail ou excluir sua conta (LGPD, Lei 13.709/2018).",
  download: "Baixar meus dados",
  downloading: "Preparando arquivo...",
  downloadHint: "Um arquivo ZIP com tudo o que guardamos sobre você, em JSON e CSV, com um README explicando cada parte.",
} as const;
