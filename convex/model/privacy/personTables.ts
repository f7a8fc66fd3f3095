/**
 * Every table that holds rows about a person, and how to read that person's rows: the one list
 * `Baixar meus dados` walks (model/privacy/exportData.ts). `convex/tests/privacy/myData.test.ts` reads the
 * schema and fails when a table that refers to a person (an id of `users`, of their sign-in
 * sessions or accounts, or an e-mail field) is neither here nor in NOT_EXPORTED, naming it.
 */
import type { PaginationOptions } from "convex/server";
import type { Doc, Id, TableNames } from "../../_generated/dataModel";
import type { QueryCtx } from "../../_generated/server";

export type ExportRow = Record<string, unknown>;
export type ExportPage = { page: ExportRow[]; continueCursor: string; isDone: boolean };
type Reader = (ctx: QueryCtx, userId: Id<"users">, opts: PaginationOptions) => Promise<ExportPage>;

/** What the README inside the file says of each table, and how its rows are read. */
export type PersonTable = { about: string; read: Reader };

/** At most this many sign-in sessions or accounts are followed to their tokens and codes (a person has a handful). */
const MAX_LINKED = 100;

/** One page holding everything (a handful of rows read through another table). */
const whole = (page: ExportRow[]): ExportPage => ({ page, continueCursor: "", isDone: true });

/** Leaves out what is a credential rather than data about the person (a password hash, a token, a code). */
function without<T extends object>(row: T, keys: string[]): ExportRow {
  return Object.fromEntries(Object.entries(row).filter(([key]) => !keys.includes(key)));
}

async function sessionsOf(ctx: QueryCtx, userId: Id<"users">) {
  return ctx.db
    .query("authSessions")
    .withIndex("userId", (q) => q.eq("userId", userId))
    .take(MAX_LINKED);
}

async function accountsOf(ctx: QueryCtx, userId: Id<"users">) {
  return ctx.db
    .query("authAccounts")
    .withIndex("userIdAndProvider", (q) => q.eq("userId", userId))
    .take(MAX_LINKED);
}

async function refreshTokensOf(ctx: QueryCtx, userId: Id<"users">): Promise<ExportPage> {
  const rows: ExportRow[] = [];
  for (const session of await sessionsOf(ctx, userId)) {
    const tokens = await ctx.db
      .query("authRefreshTokens")
      .withIndex("sessionId", (q) => q.eq("sessionId", session._id))
      .take(MAX_LINKED);
    // A refresh token's id is the token itself: only when it was made and until when it lasts.
    for (const token of tokens) rows.push(without(token, ["_id", "parentRefreshTokenId"]));
  }
  return whole(rows);
}

async function verificationCodesOf(ctx: QueryCtx, userId: Id<"users">): Promise<ExportPage> {
  const rows: ExportRow[] = [];
  for (const account of await accountsOf(ctx, userId)) {
    const codes = await ctx.db
      .query("authVerificationCodes")
      .withIndex("accountId", (q) => q.eq("accountId", account._id))
      .take(MAX_LINKED);
    for (const code of codes) rows.push(without(code, ["code", "verifier"]));
  }
  return whole(rows);
}

async function userRow(ctx: QueryCtx, userId: Id<"users">): Promise<ExportPage> {
  const user: Doc<"users"> | null = await ctx.db.get("users", userId);
  return whole(user === null ? [] : [user]);
}

/** A page of an index read by the person's id, as it is. */
const rows = async (
  query: { paginate: (opts: PaginationOptions) => Promise<{ page: object[]; continueCursor: string; isDone: boolean }> },
  opts: PaginationOptions,
) => {
  const result = await query.paginate(opts);
  return { page: result.page as ExportRow[], continueCursor: result.continueCursor, isDone: result.isDone };
};

/** Each table about a person, in the order the file lists them. */
export const PERSON_TABLES: { readonly [T in TableNames]?: PersonTable } = {
  users: { about: "Seu perfil: nome, e-mail, imagem, saldo da carteira e aceite dos termos.", read: userRow },
  authAccounts: {
    about: "Suas formas de entrar (Google ou e-mail), sem senhas.",
    read: (ctx, userId, opts) =>
      rows(
        ctx.db.query("authAccounts").withIndex("userIdAndProvider", (q) => q.eq("userId", userId)),
        opts,
      ).then((page) => ({ ...page, page: page.page.map((row) => without(row, ["secret"])) })),
  },
  authSessions: {
    about: "Suas sessões abertas (cada navegador em que você entrou).",
    read: (ctx, userId, opts) =>
      rows(
        ctx.db.query("authSessions").withIndex("userId", (q) => q.eq("userId", userId)),
        opts,
      ),
  },
  authRefreshTokens: { about: "Quando cada sessão foi renovada (sem os códigos secretos).", read: refreshTokensOf },
  authVerificationCodes: { about: "Códigos de verificação pedidos (sem os códigos).", read: verificationCodesOf },
  emailChanges: {
    about: "Uma troca de e-mail esperando o código (o novo endereço e até quando vale; sem o código).",
    read: (ctx, userId, opts) =>
      rows(
        ctx.db.query("emailChanges").withIndex("by_userId", (q) => q.eq("userId", userId)),
        opts,
      ).then((page) => ({ ...page, page: page.page.map((row) => without(row, ["codeHash"])) })),
  },
  signInRecords: {
    about: "Registros de acesso: quando você entrou e por onde.",
    read: (ctx, userId, opts) =>
      rows(
        ctx.db.query("signInRecords").withIndex("by_userId", (q) => q.eq("userId", userId)),
        opts,
      ),
  },
  waitingRoomEntries: {
    about: "Seus lugares nas salas de espera das aberturas de vendas.",
    read: (ctx, userId, opts) =>
      rows(
        ctx.db.query("waitingRoomEntries").withIndex("by_userId", (q) => q.eq("userId", userId)),
        opts,
      ),
  },
  teamMembers: {
    about: "As equipes de eventos de que você faz parte, com o papel de cada uma.",
    read: (ctx, userId, opts) =>
      rows(
        ctx.db.query("teamMembers").withIndex("by_userId_and_eventId", (q) => q.eq("userId", userId)),
        opts,
      ),
  },
  doorSessions: {
    about: "As portarias que você abriu para validar ingressos.",
    read: (ctx, userId, opts) =>
      rows(
        ctx.db.query("doorSessions").withIndex("by_userId", (q) => q.eq("userId", userId)),
        opts,
      ),
  },
  doorRefusals: {
    about: "Entradas enviadas por você que a portaria recusou.",
    read: (ctx, userId, opts) =>
      rows(
        ctx.db.query("doorRefusals").withIndex("by_userId", (q) => q.eq("userId", userId)),
        opts,
      ),
  },
  walletEntries: {
    about: "Extrato da carteira: cada entrada e saída de dinheiro.",
    read: (ctx, userId, opts) =>
      rows(
        ctx.db.query("walletEntries").withIndex("by_userId", (q) => q.eq("userId", userId)),
        opts,
      ),
  },
  deposits: {
    about: "Depósitos por PIX (Adicionar saldo).",
    read: (ctx, userId, opts) =>
      rows(
        ctx.db.query("deposits").withIndex("by_userId_and_status", (q) => q.eq("userId", userId)),
        opts,
      ),
  },
  withdrawals: {
    about: "Saques por PIX, com a chave e o documento do titular.",
    read: (ctx, userId, opts) =>
      rows(
        ctx.db.query("withdrawals").withIndex("by_userId_and_status", (q) => q.eq("userId", userId)),
        opts,
      ),
  },
  promoSpends: {
    about: "Bônus de boas-vindas usado em cada evento.",
    read: (ctx, userId, opts) =>
      rows(
        ctx.db.query("promoSpends").withIndex("by_userId_and_eventId", (q) => q.eq("userId", userId)),
        opts,
      ),
  },
  contributions: {
    about: "Seus apoios, com a recompensa escolhida e sua resposta.",
    read: (ctx, userId, opts) =>
      rows(
        ctx.db.query("contributions").withIndex("by_userId", (q) => q.eq("userId", userId)),
        opts,
      ),
  },
  supporters: {
    about: "Quanto você apoiou em cada evento, somado.",
    read: (ctx, userId, opts) =>
      rows(
        ctx.db.query("supporters").withIndex("by_userId", (q) => q.eq("userId", userId)),
        opts,
      ),
  },
  queuedSupports: {
    about: "Apoios e compras na fila de cada evento, e o que aconteceu com eles.",
    read: (ctx, userId, opts) =>
      rows(
        ctx.db.query("queuedSupports").withIndex("by_userId_and_status", (q) => q.eq("userId", userId)),
        opts,
      ),
  },
  anonymousSupporters: {
    about: "Eventos em que você apoiou sem mostrar seu nome.",
    read: (ctx, userId, opts) =>
      rows(
        ctx.db.query("anonymousSupporters").withIndex("by_userId", (q) => q.eq("userId", userId)),
        opts,
      ),
  },
  ticketPurchases: {
    about: "Compras de ingressos.",
    read: (ctx, userId, opts) =>
      rows(
        ctx.db.query("ticketPurchases").withIndex("by_userId_and_eventId_and_status", (q) => q.eq("userId", userId)),
        opts,
      ),
  },
  tickets: {
    about: "Seus ingressos, usados, cancelados e transferidos.",
    read: (ctx, userId, opts) =>
      rows(
        ctx.db.query("tickets").withIndex("by_userId", (q) => q.eq("userId", userId)),
        opts,
      ),
  },
  waitingListEntries: {
    about: "Listas de espera em que você entrou.",
    read: (ctx, userId, opts) =>
      rows(
        ctx.db.query("waitingListEntries").withIndex("by_userId_and_eventId", (q) => q.eq("userId", userId)),
        opts,
      ),
  },
  events: {
    about: "Eventos que você criou.",
    read: (ctx, userId, opts) =>
      rows(
        ctx.db.query("events").withIndex("by_creatorId_and_startsAt", (q) => q.eq("creatorId", userId)),
        opts,
      ),
  },
  supportGates: {
    about: "Regras de apoio dos eventos que você criou (data, mínimo).",
    read: (ctx, userId, opts) =>
      rows(
        ctx.db.query("supportGates").withIndex("by_creatorId", (q) => q.eq("creatorId", userId)),
        opts,
      ),
  },
  eventUpdates: {
    about: "Novidades que você publicou nos seus eventos.",
    read: (ctx, userId, opts) =>
      rows(
        ctx.db.query("eventUpdates").withIndex("by_authorId", (q) => q.eq("authorId", userId)),
        opts,
      ),
  },
  imageUploads: {
    about: "Imagens de evento que você enviou.",
    read: (ctx, userId, opts) =>
      rows(
        ctx.db.query("imageUploads").withIndex("by_userId", (q) => q.eq("userId", userId)),
        opts,
      ),
  },
  messages: {
    about: "Suas mensagens nos chats dos eventos.",
    read: (ctx, userId, opts) =>
      rows(
        ctx.db.query("messages").withIndex("by_userId", (q) => q.eq("userId", userId)),
        opts,
      ),
  },
  chatParticipants: {
    about: "Chats em que você escreveu (e por isso recebe avisos).",
    read: (ctx, userId, opts) =>
      rows(
        ctx.db.query("chatParticipants").withIndex("by_userId", (q) => q.eq("userId", userId)),
        opts,
      ),
  },
  notifications: {
    about: "Suas notificações.",
    read: (ctx, userId, opts) =>
      rows(
        ctx.db.query("notifications").withIndex("by_userId_and_at", (q) => q.eq("userId", userId)),
        opts,
      ),
  },
  emails: {
    about: "E-mails que enviamos a você (sem os links de descadastro, que são chaves).",
    read: (ctx, userId, opts) =>
      rows(
        ctx.db.query("emails").withIndex("by_userId_and_state", (q) => q.eq("userId", userId)),
        opts,
      ).then((page) => ({
        ...page,
        page: page.page.map((row) => without(row, ["unsubscribeUrl", "html"])),
      })),
  },
  emailPreferences: {
    about: "Quais avisos por e-mail você desligou.",
    read: (ctx, userId, opts) =>
      rows(
        ctx.db.query("emailPreferences").withIndex("by_userId", (q) => q.eq("userId", userId)),
        opts,
      ).then((page) => ({
        ...page,
        page: page.page.map((row) => without(row, ["token"])),
      })),
  },
  courtesies: {
    about: "Cortesias que organizadores deram ao seu e-mail.",
    read: async (ctx, userId, opts) => {
      const email = (await ctx.db.get("users", userId))?.email;
      if (email === undefined) return whole([]);
      return rows(
        ctx.db.query("courtesies").withIndex("by_email_and_ticketId", (q) => q.eq("email", email.toLowerCase())),
        opts,
      );
    },
  },
  notificationInboxes: {
    about: "Contagem de notificações não lidas.",
    read: (ctx, userId, opts) =>
      rows(
        ctx.db.query("notificationInboxes").withIndex("by_userId", (q) => q.eq("userId", userId)),
        opts,
      ),
  },
};

/**
 * Tables that refer to a person but have nothing of theirs to copy, each with the reason; a
 * table named in neither list fails `convex/tests/privacy/myData.test.ts`.
 */
export const NOT_EXPORTED: { readonly [T in TableNames]?: string } = {
  authVerifiers: "A check of one Google sign-in, deleted by Convex Auth as the sign-in ends; it holds nothing about the person.",
  welcomeBonusEmails:
    "Keyed fingerprints of the e-mails that had a welcome bonus, with no person and no address: nothing in it can be read back or tied to anyone.",
};

/** The tables of the copy, in order. */
export function exportedTables(): TableNames[] {
  return Object.keys(PERSON_TABLES) as TableNames[];
}
