/**
 * The e-mail a `Cortesia`'s receiver gets, through the outbox (`sendEmail`) in the issue's own
 * transaction. Someone with an account gets their ticket's QR code; an e-mail without one is told
 * to sign in with that address, where the ticket is waiting in Meus Ingressos.
 */
import type { Doc, Id } from "../../_generated/dataModel";
import type { MutationCtx } from "../../_generated/server";
import { dateTimeBR } from "../email/dates";
import { renderHtml, renderText, siteUrl, type EmailPage } from "../email/layout";
import { eventPath } from "../email/links";
import { sendEmail } from "../email/outbox";

type CourtesyTicket = { code: string; typeName: string };

/** What the e-mail says; `ticket` is null while the address has no account. */
export function courtesyEmailPage(
  event: Pick<Doc<"events">, "_id" | "name" | "startsAt">,
  typeName: string,
  ticket: CourtesyTicket | null,
): EmailPage {
  const where = `${event.name}, em ${dateTimeBR(event.startsAt)}`;
  return {
    heading: "Você ganhou uma cortesia",
    intro: [
      `A organização de ${where}, deu a você um ingresso de cortesia (${typeName}), sem custo.`,
      ticket === null
        ? "Entre no Apoie com este e-mail: o ingresso estará em Meus Ingressos, no menu da sua conta."
        : "Ele já está em Meus Ingressos, no menu da sua conta. Apresente o QR code na entrada.",
    ],
    ...(ticket === null
      ? {}
      : {
          blocks: [
            {
              lines: [
                { label: "Tipo", value: ticket.typeName },
                { label: "Entrada", value: "Cortesia" },
              ],
              qrIndex: 0,
              qrCaption: ticket.code,
            },
          ],
        }),
    action: { label: "Ver o evento", url: `${siteUrl()}${eventPath(event._id)}` },
  };
}

/** Records the e-mail in the outbox (nothing when the address is unusable). */
export async function emailCourtesy(
  ctx: MutationCtx,
  event: Pick<Doc<"events">, "_id" | "name" | "startsAt">,
  to: { email: string; userId: Id<"users"> | null },
  typeName: string,
  ticket: CourtesyTicket | null,
) {
  const page = courtesyEmailPage(event, typeName, ticket);
  return sendEmail(ctx, {
    subject: `${event.name}: cortesia`,
    html: renderHtml(page),
    text: renderText(page),
    ...(ticket === null ? {} : { qrCodes: [ticket.code] }),
    to: to.email,
    kind: "ticketReceived",
    ...(to.userId === null ? {} : { userId: to.userId }),
  });
}
