import type { Id } from "./_generated/dataModel";
import { internalMutation, type MutationCtx } from "./_generated/server";
import type { Category } from "./model/shared/categories";
import type { Settlement } from "./model/shared/lifecycle";
import type { Uf } from "./model/shared/ufs";
import { insertEvent } from "./model/events/writer";
import { cityKeyOf } from "./model/shared/eventDetails";
import { INITIAL_WALLET_CENTS } from "./model/shared/money";
import { cancelEvent, scheduleSettlement, settleAtDate } from "./model/settlement/settle";
import { enqueueSupport } from "./model/supports/queue";
import { openWallet } from "./model/wallet/ledger";

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;
/** Demo hours are Brasília time (UTC−3, no daylight saving since 2019). */
const BRASILIA_OFFSET_HOURS = 3;
const DEMO_CREATOR_EMAIL = "demo@apoie.app";

type DemoEvent = {
  name: string;
  /** What the demo shows of the lifecycle; "open" events settle at their date as usual. */
  lifecycle?: Settlement;
  category: Category;
  inDays: number;
  hour: number;
  goal: number;
  min: number;
  goalPercentage: number;
  isTicketed: boolean;
  image: string;
  venueName: string;
  city: string;
  uf: Uf;
  description: string;
};

// prettier-ignore
const EVENTS: DemoEvent[] = [
  { name: "Festival de Jazz na Praça", category: "Música", inDays: 12, hour: 19, goal: 2000, min: 10, goalPercentage: 100, isTicketed: true, image: "jazz",
    venueName: "Largo do Pelourinho", city: "Salvador", uf: "BA",
    description: "Três bandas da cena soteropolitana em uma noite ao ar livre, com repertório de clássicos do jazz e composições autorais.\nO ingresso dá direito a uma bebida. Traga sua cadeira de praia!" },
  { name: "Noite de Samba no Bar do Zé", category: "Música", inDays: 5, hour: 21, goal: 500, min: 5, goalPercentage: 100, isTicketed: false, image: "samba",
    venueName: "Bar do Zé, Lapa", city: "Rio de Janeiro", uf: "RJ",
    description: "Roda de samba com o grupo Pagode da Esquina e participação da velha guarda do bairro. O apoio cobre o cachê dos músicos e o som." },
  { name: "Orquestra Jovem ao Ar Livre", category: "Música", inDays: 30, hour: 17, goal: 1500, min: 20, goalPercentage: 90, isTicketed: true, image: "orquestra",
    venueName: "Ópera de Arame", city: "Curitiba", uf: "PR",
    description: "Concerto de fim de ano da Orquestra Jovem de Curitiba, com 60 músicos de 12 a 21 anos. Programa: Villa-Lobos, Piazzolla e trilhas de cinema.\nProgramação completa: https://exemplo.com.br/orquestra-jovem" },
  { name: "Corrida Beneficente 10K", category: "Esporte", inDays: 9, hour: 7, goal: 100, min: 5, goalPercentage: 80, isTicketed: false, image: "corrida",
    venueName: "Parque Ibirapuera, portão 3", city: "São Paulo", uf: "SP",
    description: "Percursos de 5 e 10 km pelo parque. Toda a arrecadação vai para a compra de agasalhos para a campanha de inverno." },
  { name: "Torneio de Futsal Comunitário", category: "Esporte", inDays: 18, hour: 14, goal: 800, min: 10, goalPercentage: 100, isTicketed: true, image: "futsal",
    venueName: "Ginásio do Geraldão", city: "Recife", uf: "PE",
    description: "16 times de bairros do Recife em um dia de jogos. O apoio paga a arbitragem, as medalhas e o lanche das equipes sub-15." },
  { name: "Aula Aberta de Yoga no Parque", category: "Esporte", inDays: 3, hour: 8, goal: 120, min: 5, goalPercentage: 100, isTicketed: false, image: "yoga",
    venueName: "Parque da Luz", city: "Florianópolis", uf: "SC",
    description: "Prática de 90 minutos para todos os níveis, com a professora Lia Santos. Leve seu tapete e uma garrafa de água." },
  { name: "Hackathon Cidade Inteligente", category: "Tecnologia", inDays: 25, hour: 9, goal: 3000, min: 15, goalPercentage: 100, isTicketed: true, image: "hackathon",
    venueName: "Centro de Inovação da UFMG", city: "Belo Horizonte", uf: "MG",
    description: "48 horas para criar soluções de mobilidade e dados abertos para a cidade. Equipes de até 5 pessoas; mentoria e refeições incluídas." },
  { name: "Oficina de Robótica para Crianças", category: "Tecnologia", inDays: 14, hour: 10, goal: 600, min: 10, goalPercentage: 100, isTicketed: false, image: "robotica",
    venueName: "Biblioteca Pública do Estado", city: "Porto Alegre", uf: "RS",
    description: "Oficina gratuita para crianças de 8 a 12 anos montarem e programarem seu primeiro robô. O apoio compra os kits, que ficam com a biblioteca." },
  { name: "Meetup de Inteligência Artificial", category: "Tecnologia", inDays: 7, hour: 19, goal: 400, min: 5, goalPercentage: 100, isTicketed: true, image: "ia",
    venueName: "Auditório do Cubo", city: "São Paulo", uf: "SP",
    description: "Duas palestras curtas sobre IA aplicada a pequenos negócios, seguidas de conversa aberta e networking." },
  { name: "Stand-up Comedy: Risadas Garantidas", category: "Entretenimento", inDays: 10, hour: 22, goal: 1200, min: 20, goalPercentage: 100, isTicketed: true, image: "standup",
    venueName: "Teatro São José", city: "Fortaleza", uf: "CE",
    description: "Quatro comediantes cearenses em uma noite de humor. Classificação: 16 anos." },
  { name: "Cinema ao Ar Livre: Clássicos", category: "Entretenimento", inDays: 4, hour: 20, goal: 60, min: 5, goalPercentage: 100, isTicketed: false, image: "cinema",
    venueName: "Estação das Docas", city: "Belém", uf: "PA",
    description: "Sessão de \"O Auto da Compadecida\" em tela grande à beira do rio. Pipoca por conta da casa." },
  { name: "Feira de Games Independentes", category: "Entretenimento", inDays: 40, hour: 11, goal: 1000, min: 10, goalPercentage: 100, isTicketed: true, image: "games",
    venueName: "Centro de Convenções Ulysses Guimarães", city: "Brasília", uf: "DF",
    description: "Mais de 30 estúdios brasileiros mostrando jogos em desenvolvimento, com área de testes e torneio de jogos locais." },
  { name: "Sarau de Poesia na Biblioteca", category: "Entretenimento", inDays: -10, hour: 19, goal: 50, min: 5, goalPercentage: 100, isTicketed: false, image: "sarau", lifecycle: "paidOut",
    venueName: "Biblioteca Municipal", city: "Ouro Preto", uf: "MG",
    description: "Microfone aberto para poetas da cidade, com leitura de Cecília Meireles e Carlos Drummond de Andrade." },
  { name: "Workshop de Fotografia Urbana", category: "Tecnologia", inDays: -6, hour: 14, goal: 300, min: 5, goalPercentage: 100, isTicketed: true, image: "fotografia", lifecycle: "refunded",
    venueName: "Galeria Olido", city: "São Paulo", uf: "SP",
    description: "Uma tarde fotografando o centro com o celular, com dicas de composição e edição." },
  { name: "Show Acústico no Terraço", category: "Música", inDays: 20, hour: 20, goal: 400, min: 5, goalPercentage: 100, isTicketed: false, image: "acustico", lifecycle: "cancelled",
    venueName: "Terraço do Paço do Frevo", city: "Recife", uf: "PE",
    description: "Voz e violão ao pôr do sol com artistas locais." },
];

const SUPPORTERS = [
  "Ana Souza",
  "Bruno Lima",
  "Carla Mendes",
  "Diego Alves",
  "Elisa Rocha",
  "Fábio Costa",
  "Gabriela Nunes",
  "Heitor Martins",
  "Isabela Ribeiro",
  "João Pereira",
  "Larissa Teixeira",
  "Marcos Oliveira",
  "Natália Freitas",
];

/** [event index, supporter index, reais]: no supporter spends more than their R$ 50,00. */
// prettier-ignore
const SUPPORTS: [number, number, number][] = [
  [0, 0, 30], [0, 1, 25], [1, 1, 20], [1, 2, 40], [1, 3, 15],
  [3, 0, 20], [3, 3, 30], [3, 4, 35], // 85 of 100 with an 80% goal: concluded
  [4, 5, 20], [5, 10, 40], [5, 11, 35], [5, 12, 30], // 105 of 120: nearly there
  [6, 6, 45], [7, 5, 25], [7, 7, 10], [9, 7, 20],
  [10, 8, 30], [10, 9, 30], // 60 of 60: META ATINGIDA
  [12, 7, 20], [12, 8, 20], [12, 9, 10], // 50 of 50 before its date: paid to the creator
  [13, 9, 10], [13, 4, 15], // 25 of 300 at its date: refunded, its tickets cancelled
  [14, 1, 5], [14, 3, 5], // cancelled by the creator: refunded
];

/** Demo supports are spread over the days before "now" (or the event's date), so curves grow. */
const SUPPORT_SPACING_MS = 31 * HOUR;

/**
 * Fills an empty deployment with demo events (each with a poster from public/images/events/, a
 * description and a place, in cities across Brazil) by a demo creator, some partly funded by demo
 * supporters (through the real support rules, so the ledger invariants hold), one concluded
 * by goal percentage and one at 100%, and one in each settled state: paid out and refunded
 * (dates in the past, supported "the day before" and settled here) and cancelled.
 * Idempotent: does nothing once the demo creator exists.
 */
export const run = internalMutation({
  args: {},
  handler: async (ctx) => {
    const existing = await ctx.db
      .query("users")
      .withIndex("email", (q) => q.eq("email", DEMO_CREATOR_EMAIL))
      .first();
    if (existing !== null) return { created: 0 };

    const creatorId = await insertDemoUser(ctx, "Apoie Demo", DEMO_CREATOR_EMAIL);
    const today = startOfDay(Date.now());
    const eventIds: Id<"events">[] = [];
    const startTimes = EVENTS.map((event) => today + event.inDays * DAY + (event.hour + BRASILIA_OFFSET_HOURS) * HOUR);
    for (const [index, event] of EVENTS.entries()) {
      eventIds.push(
        await insertEvent(
          ctx,
          creatorId,
          {
            name: event.name,
            category: event.category,
            startsAt: startTimes[index]!,
            goalCents: event.goal * 100,
            minSupportCents: event.min * 100,
            goalPercentage: event.goalPercentage,
            isTicketed: event.isTicketed,
            imageUrl: `/images/events/${event.image}.svg`,
          },
          {
            details: {
              description: event.description,
              venueName: event.venueName,
              city: event.city,
              cityKey: cityKeyOf(event.city),
              uf: event.uf,
            },
          },
        ),
      );
    }

    const supporterIds: Id<"users">[] = [];
    for (const [index, name] of SUPPORTERS.entries()) {
      supporterIds.push(await insertDemoUser(ctx, name, `apoiador${index + 1}@exemplo.com.br`));
    }
    for (const [eventIndex, supporterIndex, reais] of SUPPORTS) {
      const supporter = await ctx.db.get("users", supporterIds[supporterIndex]!);
      // The k-th of n supports of an event, days apart, the last a few hours before now (or,
      // for a past event, the day before its date): replayed in order, so its curve grows.
      const ofEvent = SUPPORTS.filter(([index]) => index === eventIndex);
      const k = ofEvent.findIndex(([, who]) => who === supporterIndex);
      const last = Math.min(Date.now() - 3 * HOUR, startTimes[eventIndex]! - DAY);
      const supportedAt = last - (ofEvent.length - 1 - k) * SUPPORT_SPACING_MS;
      // The path people's supports take; a day apart, each is applied as it is taken.
      await enqueueSupport(ctx, supporter!, eventIds[eventIndex]!, reais * 100, supportedAt);
    }
    for (const [index, event] of EVENTS.entries()) {
      const eventId = eventIds[index]!;
      if (event.lifecycle === "cancelled") await cancelEvent(ctx, creatorId, eventId);
      else if (event.lifecycle !== undefined) await settleAtDate(ctx, eventId);
      else await scheduleSettlement(ctx, { _id: eventId, startsAt: startTimes[index]! });
    }
    return { created: eventIds.length };
  },
});

async function insertDemoUser(ctx: MutationCtx, name: string, email: string) {
  const userId = await ctx.db.insert("users", { name, email });
  await openWallet(ctx, userId, INITIAL_WALLET_CENTS);
  return userId;
}

function startOfDay(ms: number): number {
  return ms - (ms % DAY);
}
