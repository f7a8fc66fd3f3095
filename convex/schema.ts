import { authTables } from "@convex-dev/auth/server";
import { defineSchema, defineTable } from "convex/server";
import { literals } from "convex-helpers/validators";
import { v } from "convex/values";
import { CATEGORIES } from "./model/shared/categories";
import { SETTLEMENTS, SUPPORT_CLOSED_REASONS } from "./model/shared/lifecycle";
import { DEPOSIT_STATUSES, PIX_KEY_TYPES, WITHDRAWAL_STATUSES } from "./model/shared/pix";
import { ENTRY_KINDS } from "./model/shared/statement";
import { UFS } from "./model/shared/ufs";
import { MEIA_CATEGORIES } from "./model/shared/ticketTypes";
import { emailTables } from "./model/email/schema";
import { teamTables } from "./model/team/tables";
import { privacyTables } from "./model/privacy/schema";

// The validator lives here, not beside CATEGORIES, so the browser never loads convex/values.
const categoryValidator = literals(...CATEGORIES);
const ufValidator = literals(...UFS);

const settlementValidator = literals(...SETTLEMENTS);
const meiaCategoryValidator = literals(...MEIA_CATEGORIES);
const supportClosedReasonValidator = literals(...SUPPORT_CLOSED_REASONS);

const depositStatusValidator = literals(...DEPOSIT_STATUSES);
const withdrawalStatusValidator = literals(...WITHDRAWAL_STATUSES);
const pixKeyTypeValidator = literals(...PIX_KEY_TYPES);

/** "opening" carries the balance of a wallet that existed before the statement did. */
const walletEntryKindValidator = literals(...ENTRY_KINDS);

/** What a notification tells; see model/notifications/inbox.ts for who gets each and when. */
const notificationKindValidator = v.union(
  v.literal("goalReached"),
  v.literal("cancelled"),
  v.literal("refunded"),
  v.literal("payout"),
  // A `Flexível` event paid out below its goal: not "concluído", so it reads otherwise.
  v.literal("flexiblePayout"),
  v.literal("firstSupport"),
  v.literal("update"),
  v.literal("chat"),
  v.literal("depositConfirmed"),
  v.literal("withdrawalPaid"),
  v.literal("withdrawalFailed"),
  // Someone transferred a ticket to this person (a meia-entrada one says the document is checked at the door).
  v.literal("ticketReceived"),
  v.literal("meiaTicketReceived"),
  v.literal("ticketsHeld"),
);

/**
 * `Taxa de serviço` on a support or purchase (model/books/fees.ts): the platform's fee, and whether its
 * buyer paid it on top (then it was debited with the price and goes back with it on any refund);
 * otherwise it is taken from the payout. Absent = no fee.
 */
const serviceFeeFields = {
  feeCents: v.optional(v.number()),
  feePaidByBuyer: v.optional(v.literal(true)),
};

const queuedSupportFields = {
  eventId: v.id("events"),
  userId: v.id("users"),
  amountCents: v.number(),
  /** A ticket purchase rather than a support: the queue decides it against the type's capacity (model/tickets/allocation.ts). */
  purchaseId: v.optional(v.id("ticketPurchases")),
  /** The reward the supporter chose, and their answer to its question: the queue decides a limited one (model/rewards/allocation.ts). */
  rewardId: v.optional(v.id("rewards")),
  answer: v.optional(v.string()),
  ...serviceFeeFields,
};

/**
 * An event's queue worker: idle (nothing scheduled; `quietFrom` is when a support may again be
 * applied at once), scheduled (a turn waits for rows to settle) or running (turns follow one
 * another through a backlog). Every turn carries the generation it was started with.
 */
const workerStateValidator = v.union(
  v.object({ kind: v.literal("idle"), generation: v.number(), quietFrom: v.number() }),
  v.object({ kind: v.literal("scheduled"), generation: v.number() }),
  v.object({ kind: v.literal("running"), generation: v.number() }),
);

export default defineSchema({
  ...authTables,
  ...emailTables,

  // Convex Auth's users table plus the wallet. walletCents is optional only because Convex
  // Auth inserts the user before our sign-in callback sets it; read it via walletCentsOf().
  users: defineTable({
    name: v.optional(v.string()),
    image: v.optional(v.string()),
    email: v.optional(v.string()),
    emailVerificationTime: v.optional(v.number()),
    phone: v.optional(v.string()),
    phoneVerificationTime: v.optional(v.number()),
    isAnonymous: v.optional(v.boolean()),
    walletCents: v.optional(v.number()),
    /**
     * The part of walletCents that is promotional (the welcome bonus): spendable, never
     * withdrawable. Absent on wallets from before PIX: read it via promoCentsOf (model/wallet/promo.ts).
     */
    promoCents: v.optional(v.number()),
    /**
     * Money the bank took back that the wallet could not cover (a returned deposit already spent):
     * while above zero nothing can be supported or withdrawn; the next credits pay it. Absent = 0.
     */
    owedCents: v.optional(v.number()),
    /**
     * `Excluir minha conta` (model/privacy/deletion.ts): when the account was deleted. Its name,
     * e-mail and image are gone; the row stays as an anonymous id for the financial records kept.
     */
    deletedAt: v.optional(v.number()),
    /** The version of `Termos de uso` and `Política de privacidade` accepted, and when (model/privacy/terms.ts). */
    termsVersion: v.optional(v.number()),
    termsAcceptedAt: v.optional(v.number()),
    /** Set when the person changed their name in `Meus dados`: a Google sign-in then keeps it (auth.ts). */
    chosenName: v.optional(v.string()),
    /** Set when the person changed their e-mail in `Meus dados` (confirmed by a code): a Google sign-in then keeps it. */
    chosenEmail: v.optional(v.string()),
  })
    .index("email", ["email"])
    .index("phone", ["phone"])
    // The five-year sweep of deleted accounts' financial records.
    .index("by_deletedAt", ["deletedAt"]),

  events: defineTable({
    name: v.string(),
    /** Folded name (lower case, no accents) for substring search. */
    nameLower: v.string(),
    category: categoryValidator,
    startsAt: v.number(),
    goalCents: v.number(),
    raisedCents: v.number(),
    minSupportCents: v.number(),
    goalPercentage: v.number(),
    imageUrl: v.optional(v.string()),
    /** An uploaded image (see imageUploads); its URL is resolved when the event is read. */
    imageStorageId: v.optional(v.id("_storage")),
    isTicketed: v.boolean(),
    creatorId: v.id("users"),
    /** Tickets ever issued, cancelled ones included (a transfer's replacement not again): it never goes down. */
    ticketsGenerated: v.number(),
    /** Tickets checked in at the door; absent on events from before check-in existed. */
    ticketsUsed: v.optional(v.number()),
    /**
     * Seats given back: tickets cancelled that had not been handed on (see countOnEvent), so the
     * door counts ticketsGenerated − ticketsCancelled. Absent until the migration countCancelledTickets.
     */
    ticketsCancelled: v.optional(v.number()),
    uniqueSupporters: v.number(),
    /** How the event ended; absent while it is open. See model/settlement/settle.ts. */
    settlement: v.optional(settlementValidator),
    /** Refunded so far, while (and after) a refund runs in batches. Absent = 0. */
    refundedCents: v.optional(v.number()),
    /**
     * The promotional part of a paid-out event's payout, set when its creator was credited
     * (model/settlement/payoutCredit.ts); absent before then and on events paid out before it was recorded.
     */
    payoutPromoCents: v.optional(v.number()),
    /** The scheduled settlement at startsAt; replaced when the date changes. */
    settlementJobId: v.optional(v.id("_scheduled_functions")),
    /**
     * Set once the event is over (settled or cancelled); absent while it is upcoming, so the
     * home list walks `finished = undefined` soonest first and `finished = true` newest first.
     */
    finished: v.optional(v.literal(true)),
    // "Sobre o evento" and the place: required for new events (model/shared/eventDetails.ts),
    // absent on events from before they existed.
    description: v.optional(v.string()),
    venueName: v.optional(v.string()),
    city: v.optional(v.string()),
    /** The city folded for the `Cidade` filter (cityKeyOf). */
    cityKey: v.optional(v.string()),
    uf: v.optional(ufValidator),
    /** `Evento online`: no venue, city or UF; `cityKey` is "online" for the `Cidade` filter. Its link is in eventAccessLinks. */
    isOnline: v.optional(v.literal(true)),
    /** Sold through ticket types (ticketTypes): supports then give no ticket. Absent = the spec's one ticket per support. */
    hasTicketTypes: v.optional(v.literal(true)),
    /** `Modalidade Flexível`: paid out at the date even below the goal. Absent = `Tudo ou nada`. */
    fundingMode: v.optional(v.literal("flexible")),
    /** `Repassar a taxa ao comprador`: ticket buyers pay the service fee on top. Absent = `Absorver a taxa`. */
    feePassedOn: v.optional(v.literal(true)),
    /** Set with the payout (model/settlement/payoutCredit.ts): the fee taken from it, and every fee the platform received for this event. */
    payoutFeeCents: v.optional(v.number()),
    platformFeeCents: v.optional(v.number()),
    /** The organizer's raised `Cortesias` limit (model/tickets/courtesies.ts). Absent = 10% of the event's tickets. */
    courtesyLimit: v.optional(v.number()),
  })
    .index("by_finished_and_startsAt", ["finished", "startsAt"])
    .index("by_finished_and_category_and_startsAt", ["finished", "category", "startsAt"])
    .index("by_finished_and_cityKey_and_startsAt", ["finished", "cityKey", "startsAt"])
    .index("by_finished_and_cityKey_and_category_and_startsAt", ["finished", "cityKey", "category", "startsAt"])
    .index("by_creatorId_and_startsAt", ["creatorId", "startsAt"]),

  // Who uploaded which event image. Uploads go straight to storage, so the uploader claims the
  // file right after; only the claimer may attach it to an event, and only once (eventId).
  // An upload still without an event a day later is deleted (model/events/images.ts).
  imageUploads: defineTable({
    storageId: v.id("_storage"),
    userId: v.id("users"),
    eventId: v.optional(v.id("events")),
  })
    .index("by_storageId", ["storageId"])
    .index("by_userId", ["userId"]),
  // One row: files created before sweptBefore were all looked at by the sweep of unclaimed
  // uploads, so the next run starts there (model/events/images.ts).
  uploadSweeps: defineTable({ sweptBefore: v.number() }),

  // Substring search without scanning every event: one row per distinct 3-character piece
  // of each event's folded name, plus how many events hold each piece so a search can walk
  // the rarest one. See model/events/search.ts. The event's `finished` flag, city key and
  // category ride along, so a name search walks only the rows of the list shown (upcoming or
  // finished) and, with the `Cidade` or category filter, of that city and category.
  eventNameGrams: defineTable({
    gram: v.string(),
    eventId: v.id("events"),
    startsAt: v.number(),
    category: categoryValidator,
    nameLower: v.string(),
    /** As on the event: set once it is over. */
    finished: v.optional(v.literal(true)),
    /** The event's `cityKey`; absent for events without a place. */
    cityKey: v.optional(v.string()),
  })
    .index("by_gram_and_finished_and_startsAt", ["gram", "finished", "startsAt"])
    .index("by_gram_and_finished_and_category_and_startsAt", ["gram", "finished", "category", "startsAt"])
    .index("by_gram_and_finished_and_cityKey_and_startsAt", ["gram", "finished", "cityKey", "startsAt"])
    .index("by_gram_and_finished_and_cityKey_and_category_and_startsAt", ["gram", "finished", "cityKey", "category", "startsAt"]),
  eventNameGramCounts: defineTable({
    gram: v.string(),
    count: v.number(),
  }).index("by_gram", ["gram"]),

  // The ledger: one row per successful support. Every total can be recomputed from it.
  contributions: defineTable({
    eventId: v.id("events"),
    userId: v.id("users"),
    amountCents: v.number(),
    /** Set when this contribution went back to its supporter (the event did not happen). */
    refundedAt: v.optional(v.number()),
    /** The reward this support holds (counted in rewardCounts until refunded), and the answer to its question. */
    rewardId: v.optional(v.id("rewards")),
    answer: v.optional(v.string()),
    ...serviceFeeFields,
  })
    .index("by_eventId_and_userId", ["eventId", "userId"])
    .index("by_userId", ["userId"]),

  // One row per (event, supporter): their running total. Answers "has this person supported?"
  // and "how much in all?" with one read, however many times they supported.
  supporters: defineTable({
    eventId: v.id("events"),
    userId: v.id("users"),
    amountCents: v.number(),
  })
    .index("by_eventId_and_userId", ["eventId", "userId"])
    // `Meus dados`: a person's rows (the copy, the deletion's checks).
    .index("by_userId", ["userId"]),

  tickets: defineTable({
    eventId: v.id("events"),
    userId: v.id("users"),
    eventName: v.string(),
    code: v.string(),
    issuedAt: v.number(),
    /**
     * Absent = valid. A refunded event's tickets become "cancelled"; check-in makes them "used".
     * "transferred": its holder gave it to someone else (model/tickets/transfer.ts); it is no longer
     * theirs and admits nobody (its code is refused at the door), so code counting what a person
     * holds must skip it as it skips "cancelled". The receiver holds a new ticket (another row,
     * with `transferredFromId`) once their e-mail has an account.
     */
    status: v.optional(v.union(v.literal("valid"), v.literal("used"), v.literal("cancelled"), v.literal("transferred"))),
    usedAt: v.optional(v.number()),
    /** The door (its name, `Equipe`'s check-in) where it was first let in; absent for a check-in before doors had names. */
    usedDoor: v.optional(v.string()),
    // A ticket bought through a ticket type (model/tickets/purchases.ts); absent on the spec's support tickets.
    typeId: v.optional(v.id("ticketTypes")),
    typeName: v.optional(v.string()),
    loteIndex: v.optional(v.number()),
    priceCents: v.optional(v.number()),
    /** The service fee of this ticket (model/books/fees.ts); absent = none. */
    feeCents: v.optional(v.number()),
    /** The `Cupom` its purchase used, as typed (upper case), for the attendee CSV. */
    couponCode: v.optional(v.string()),
    /** A `Cortesia` its event's organizer gave (model/tickets/courtesies.ts): no purchase, price R$ 0,00. */
    courtesy: v.optional(v.literal(true)),
    /** Set on a meia-entrada ticket: the category its buyer declared. */
    meiaCategory: v.optional(meiaCategoryValidator),
    /** The purchase that issued it, so its buyer can cancel it from Meus Ingressos (model/tickets/purchaseCancel.ts). */
    purchaseId: v.optional(v.id("ticketPurchases")),
    /** A support's ticket: the contribution that gave it, which its supporter may cancel (model/supports/cancel.ts). */
    contributionId: v.optional(v.id("contributions")),
    // Transferir ingresso (model/tickets/transfer.ts). On the ticket given away ("transferred"):
    /** The receiver's e-mail (lower case), shown to the giver as `Transferido para <e-mail>`. */
    transferredTo: v.optional(v.string()),
    transferredAt: v.optional(v.number()),
    /** The receiver's ticket; absent while their e-mail has no account yet (it is issued at their first sign-in). */
    transferredToTicketId: v.optional(v.id("tickets")),
    /**
     * On the receiver's ticket: the one it replaced. Such a ticket is the same unit (it is not
     * counted again as issued), carries no purchase or support of its own, and cannot be
     * transferred again.
     */
    transferredFromId: v.optional(v.id("tickets")),
  })
    .index("by_code", ["code"])
    // Tickets waiting for an e-mail's first sign-in: transferred to it, not yet delivered.
    .index("by_transferredTo_and_transferredToTicketId", ["transferredTo", "transferredToTicketId"])
    // Meus Ingressos lists a person's tickets newest first (creation order), which the next index does not keep.
    // eslint-disable-next-line @convex-dev/no-duplicate-indexes
    .index("by_userId", ["userId"])
    // The attendee list and the door's ticket list walk an event's tickets in issue order.
    // eslint-disable-next-line @convex-dev/no-duplicate-indexes
    .index("by_eventId", ["eventId"])
    // Counting an event's cancelled tickets (the migration countCancelledTickets).
    .index("by_eventId_and_status", ["eventId", "status"])
    // Whether someone holds a ticket of an event (the online access link).
    .index("by_userId_and_eventId", ["userId", "eventId"]),

  // Ingressos: an event's ticket types with their lotes (model/shared/ticketTypes.ts has the
  // rules). Written by the creator's forms and, once each, when a type is first bought or an
  // option sells out: buyers read it without contending with the queue, which counts sales
  // in ticketSales.
  ticketTypes: defineTable({
    eventId: v.id("events"),
    /** Order on the page and in the forms. */
    position: v.number(),
    name: v.string(),
    quantity: v.number(),
    /** Units reserved for meia-entrada; the rest sells as inteira. */
    meiaQuantity: v.number(),
    lotes: v.array(v.object({ priceCents: v.number(), endsAt: v.optional(v.number()), quantity: v.optional(v.number()) })),
    /** Set by the first purchase queued: from then on its quantity, meia and existing lotes are frozen. */
    purchased: v.optional(v.literal(true)),
    /** Set once by the queue when an option sells out, so later buyers are refused before paying. */
    inteiraSoldOut: v.optional(v.literal(true)),
    meiaSoldOut: v.optional(v.literal(true)),
    /** The event's `Máximo por pessoa`, kept on each of its types: the document a buyer already reads. */
    maxPerPerson: v.optional(v.number()),
  }).index("by_eventId_and_position", ["eventId", "position"]),

  // What each ticket type sold, written by the event's queue alone (and check-in at the door).
  ticketSales: defineTable({
    eventId: v.id("events"),
    typeId: v.id("ticketTypes"),
    inteiraSold: v.number(),
    meiaSold: v.number(),
    /** Per lote, by index: units sold, of which meia, and checked in. */
    loteSold: v.array(v.number()),
    loteMeia: v.array(v.number()),
    loteUsed: v.array(v.number()),
    /** `Cortesias` of this type (model/tickets/courtesies.ts), also counted in `inteiraSold`. Absent = 0. */
    courtesies: v.optional(v.number()),
    /** Of those, checked in at the door. Absent = 0. */
    courtesiesUsed: v.optional(v.number()),
  })
    .index("by_typeId", ["typeId"])
    .index("by_eventId", ["eventId"]),

  // A purchase of tickets of one type (model/tickets/purchases.ts): written when the buyer pays,
  // decided by the event's queue (its row in queuedSupports points here), which then issues one
  // ticket per unit or refunds it with the reason.
  ticketPurchases: defineTable({
    eventId: v.id("events"),
    userId: v.id("users"),
    typeId: v.id("ticketTypes"),
    /** The lote the buyer saw and paid; the queue refuses the purchase if another is on sale by then. */
    loteIndex: v.number(),
    units: v.number(),
    /** Set for meia-entrada: the category the buyer declared. */
    meiaCategory: v.optional(meiaCategoryValidator),
    amountCents: v.number(),
    /** "cancelled": its buyer cancelled it within the withdrawal window, and was refunded (model/tickets/purchaseCancel.ts). */
    status: v.union(v.literal("pending"), v.literal("issued"), v.literal("refunded"), v.literal("cancelled")),
    ticketCodes: v.optional(v.array(v.string())),
    /** Refunded: the Portuguese reason the buyer is shown. */
    refusal: v.optional(v.string()),
    /** Issued: the contribution its money became, removed from the ledger if the buyer cancels. */
    contributionId: v.optional(v.id("contributions")),
    cancelledAt: v.optional(v.number()),
    /** Bought from a waiting-list hold: its units were already counted in ticketSales when held. */
    holdId: v.optional(v.id("waitingListEntries")),
    ...serviceFeeFields,
    /** The `Cupom` it used (model/tickets/coupons.ts): its use is given back if the purchase is refused or cancelled. */
    couponId: v.optional(v.id("coupons")),
  })
    // `Máximo por pessoa`: what a person has pending for an event.
    .index("by_userId_and_eventId_and_status", ["userId", "eventId", "status"]),

  // `Lista de espera` (model/waitingList/list.ts): one row per person waiting for an option (inteira
  // or meia) of a sold-out type. Units that come back are held for the first in line, counted
  // in the type's ticketSales as taken, so nobody else sees or buys them. The line is read by
  // index in join order and each change writes only the row it concerns: a join never touches
  // what a cancellation writes.
  waitingListEntries: defineTable({
    eventId: v.id("events"),
    typeId: v.id("ticketTypes"),
    userId: v.id("users"),
    meia: v.boolean(),
    /** How many units they want (1..4). */
    units: v.number(),
    status: v.union(v.literal("waiting"), v.literal("held"), v.literal("bought"), v.literal("left"), v.literal("expired")),
    /** Held: how many units (at most `units`), in which lote, until when. */
    heldUnits: v.optional(v.number()),
    heldLoteIndex: v.optional(v.number()),
    holdUntil: v.optional(v.number()),
  })
    .index("by_typeId_and_meia_and_status", ["typeId", "meia", "status"])
    .index("by_userId_and_eventId", ["userId", "eventId"]),

  // `Sala de espera` (model/waitingRoom/): an event's `Abertura das vendas`, set by its organizer
  // and read by every purchase (written only by the organizer, so buyers never contend on it).
  saleOpenings: defineTable({
    eventId: v.id("events"),
    opensAt: v.number(),
    /** Buyers let in per minute; absent: computed from the event's capacity. */
    perMinute: v.optional(v.number()),
  }).index("by_eventId", ["eventId"]),

  // The room's one live document per opening: the draw's seed and progress, how many places are
  // given, and the "now entering" counter every open page compares its own place with.
  waitingRooms: defineTable({
    eventId: v.id("events"),
    /** The opening this state belongs to: a changed opening time starts a fresh room state. */
    opensAt: v.number(),
    status: v.union(v.literal("waiting"), v.literal("drawing"), v.literal("open"), v.literal("soldOut"), v.literal("closed")),
    /** The draw's seed, fresh at the opening: each early entry's key is drawKey(seed, its id). */
    seed: v.optional(v.string()),
    drawCursor: v.optional(v.union(v.string(), v.null())),
    /** Places given: by the draw, then to later arrivals in arrival order. */
    drawn: v.number(),
    numbered: v.number(),
    /** "Now entering": every place up to this one has been given its turn. */
    admittedThrough: v.number(),
    /** Part of a buyer the outflow owes from earlier ticks (perMinute is rarely a multiple of ticks). */
    admitCarry: v.number(),
    perMinute: v.number(),
    /** When the outflow last moved, and last gave turns; it ticks while places wait or turns run. */
    lastTickAt: v.optional(v.number()),
    lastAdmitAt: v.optional(v.number()),
    ticking: v.optional(v.boolean()),
    generation: v.number(),
  }).index("by_eventId", ["eventId"]),

  // One place per account and event. Early entries (joined before the opening) get a drawKey and
  // then a place in key order; later ones a place in arrival order. A turn is written once, when
  // the counter reaches the place, and marked used by the one purchase it allows.
  waitingRoomEntries: defineTable({
    eventId: v.id("events"),
    userId: v.id("users"),
    early: v.boolean(),
    drawKey: v.optional(v.number()),
    place: v.optional(v.number()),
    turnEndsAt: v.optional(v.number()),
    turnUsedAt: v.optional(v.number()),
  })
    .index("by_eventId_and_userId", ["eventId", "userId"])
    .index("by_eventId_and_early_and_drawKey", ["eventId", "early", "drawKey"])
    .index("by_eventId_and_early_and_place", ["eventId", "early", "place"])
    .index("by_eventId_and_place", ["eventId", "place"])
    .index("by_userId", ["userId"]),

  // `Recompensas` (model/shared/rewards.ts has the rules). Written by the organizer's forms and,
  // once, by the queue when a limited one sells out: supporters read it without contending with
  // the queue, which counts what was taken in rewardCounts (a reward is "chosen" once that is > 0).
  rewards: defineTable({
    eventId: v.id("events"),
    /** Order on the page and in the forms. */
    position: v.number(),
    title: v.string(),
    description: v.string(),
    minimumCents: v.number(),
    /** Absent = unlimited. */
    quantity: v.optional(v.number()),
    /** `Entrega prevista`, "YYYY-MM". */
    deliveryMonth: v.optional(v.string()),
    /** Asked at support time: with choices, or free text when `choices` is absent. */
    question: v.optional(v.object({ label: v.string(), choices: v.optional(v.array(v.string())) })),
    /** Set by the queue when a limited reward is all taken, so later supporters are refused before paying. */
    soldOut: v.optional(v.literal(true)),
  }).index("by_eventId_and_position", ["eventId", "position"]),

  // How many supports hold each reward, written by the event's queue (and a refund) alone.
  rewardCounts: defineTable({
    eventId: v.id("events"),
    rewardId: v.id("rewards"),
    taken: v.number(),
  })
    .index("by_rewardId", ["rewardId"])
    .index("by_eventId", ["eventId"]),

  // An online event's access link: kept apart from the event, which every page reads, and
  // shown only to its ticket holders, supporters and creator (model/events/onlineAccess.ts).
  eventAccessLinks: defineTable({
    eventId: v.id("events"),
    url: v.string(),
  }).index("by_eventId", ["eventId"]),

  // "Evolução dos apoios": per event, the total after supports, at most 99 points (coarser
  // buckets as it grows), so the chart reads one document however many supports. See
  // model/events/timeline.ts.
  supportTimelines: defineTable({
    eventId: v.id("events"),
    bucketMs: v.number(),
    points: v.array(v.object({ at: v.number(), raisedCents: v.number() })),
  }).index("by_eventId", ["eventId"]),

  // What a support, a presence heartbeat and a chat message check about an event, kept apart
  // from the event document, which the support queue's worker rewrites with every batch: on
  // Convex a transaction that read the event would conflict with each one. Written only at
  // creation, by an edit, and when supporting closes for good. See model/supports/gates.ts.
  supportGates: defineTable({
    eventId: v.id("events"),
    creatorId: v.id("users"),
    startsAt: v.number(),
    minSupportCents: v.number(),
    /** Why supporting closed for good; absent while open (until startsAt). */
    closed: v.optional(supportClosedReasonValidator),
    /** Set by the first support queued: from then on the event's core fields are frozen. */
    supported: v.optional(v.literal(true)),
    /** The event's `Repassar a taxa ao comprador`, where buyers read it without reading the event. */
    feePassedOn: v.optional(v.literal(true)),
  })
    .index("by_eventId", ["eventId"])
    .index("by_creatorId", ["creatorId"]),

  // The per-event support queue: a support debits the wallet and writes a row here (nothing
  // shared); the event's worker applies the rows in order, in batches (a support of a quiet
  // event is applied at once). A row is pending, applied with its outcome, or refunded with
  // the reason supporting had closed. See model/supports/queue.ts.
  queuedSupports: defineTable(
    v.union(
      v.object({ ...queuedSupportFields, status: v.literal("pending") }),
      v.object({
        ...queuedSupportFields,
        status: v.literal("applied"),
        /** Whether this support reached the goal. */
        goalReached: v.boolean(),
        /** The ticket it got, for a ticketed event. */
        ticketCode: v.optional(v.string()),
      }),
      v.object({ ...queuedSupportFields, status: v.literal("refunded"), closedReason: supportClosedReasonValidator }),
      /** A ticket purchase the queue refused (sold out, the lote changed): the reason its buyer is shown. */
      v.object({ ...queuedSupportFields, status: v.literal("refunded"), refusal: v.string() }),
    ),
  )
    .index("by_eventId_and_status", ["eventId", "status"])
    // The recovery cron's scan: pending rows, oldest first.
    .index("by_status", ["status"])
    // `Meus dados`: a person's rows, and whether one is still pending.
    .index("by_userId_and_status", ["userId", "status"]),

  // Each supported event's queue worker, as a union with a generation (model/supports/worker.ts).
  // `running` alone is the shape from before the union, rewritten by migrations:workerStates.
  supportWorkers: defineTable(
    v.union(
      v.object({ eventId: v.id("events"), state: workerStateValidator }),
      v.object({ eventId: v.id("events"), running: v.boolean() }),
    ),
  ).index("by_eventId", ["eventId"]),

  // The wallet statement: one row per wallet change, written in the same transaction as it.
  walletEntries: defineTable({
    userId: v.id("users"),
    kind: walletEntryKindValidator,
    /** Signed: credits positive, debits negative. */
    amountCents: v.number(),
    eventId: v.optional(v.id("events")),
    balanceAfterCents: v.number(),
    /** The PIX deposit or withdrawal this entry moved money for. */
    depositId: v.optional(v.id("deposits")),
    withdrawalId: v.optional(v.id("withdrawals")),
    /**
     * The promotional part of amountCents (signed like it): what of this change is bonus money,
     * spendable but never withdrawable. Absent only on entries from before it was recorded
     * (migrations:walletPromoParts fills them from the ledger).
     */
    promoCents: v.optional(v.number()),
    /** What of a taken-back amount the wallet could not cover and is owed (model/wallet/owed.ts). */
    owedCents: v.optional(v.number()),
    /** The service fee included in amountCents (a purchase with the fee passed on, or its refund). */
    feeCents: v.optional(v.number()),
  }).index("by_userId", ["userId"]),

  // `Cupons de desconto` (model/tickets/coupons.ts): an event's codes. `uses` is written by each purchase
  // that takes one, in its transaction, so concurrent purchases of one coupon are serialized by
  // Convex and its maximum is never passed.
  coupons: defineTable({
    eventId: v.id("events"),
    code: v.string(),
    discount: v.union(
      v.object({ kind: v.literal("percent"), percent: v.number() }),
      v.object({ kind: v.literal("fixed"), amountCents: v.number() }),
    ),
    /** Only for these types; absent = every type of the event. */
    typeIds: v.optional(v.array(v.id("ticketTypes"))),
    /** Absent = unlimited. */
    maxUses: v.optional(v.number()),
    /** The last moment it may be used; absent = until sales end. */
    validUntil: v.optional(v.number()),
    uses: v.number(),
  }).index("by_eventId_and_code", ["eventId", "code"]),

  // `Cortesias` (model/tickets/courtesies.ts): one row per courtesy ticket issued, for the organizer's
  // list; `ticketId` is absent while its e-mail has no account (it is issued at the first sign-in).
  courtesies: defineTable({
    eventId: v.id("events"),
    typeId: v.id("ticketTypes"),
    /** The receiver's e-mail, lower case. */
    email: v.string(),
    ticketId: v.optional(v.id("tickets")),
  })
    .index("by_eventId", ["eventId"])
    .index("by_email_and_ticketId", ["email", "ticketId"]),

  // The platform's own account (model/books/check.ts): one row, the fees received at payouts. It is
  // nobody's wallet: no person can spend or withdraw it.
  platformAccount: defineTable({ balanceCents: v.number() }),
  // Its statement: one row per payout that paid fees, written in the same transaction.
  platformEntries: defineTable({
    eventId: v.id("events"),
    amountCents: v.number(),
    balanceAfterCents: v.number(),
  }).index("by_eventId", ["eventId"]),
  // The daily check that the books balance (model/books/check.ts): the totals it read page by page, then its result.
  booksChecks: defineTable({
    status: v.union(v.literal("running"), v.literal("balanced"), v.literal("unbalanced"), v.literal("moved")),
    /** Which table the next step reads, and from where. */
    phase: v.string(),
    cursor: v.union(v.string(), v.null()),
    totals: v.object({
      pixInCents: v.number(),
      welcomeCents: v.number(),
      pixOutCents: v.number(),
      walletsCents: v.number(),
      eventsHoldCents: v.number(),
      platformCents: v.number(),
      inFlightCents: v.number(),
    }),
    /** In − out − (wallets + events + platform + in flight): 0 when the books balance. */
    differenceCents: v.optional(v.number()),
    finishedAt: v.optional(v.number()),
    /** How many times it started over because money moved while it read. */
    attempt: v.number(),
  }),

  // Promotional money a person spent on an event, not yet refunded: a refund of that event
  // gives it back as promotional money, so the welcome bonus never becomes withdrawable by
  // supporting an event that is then refunded (model/wallet/promo.ts).
  promoSpends: defineTable({
    userId: v.id("users"),
    eventId: v.id("events"),
    promoCents: v.number(),
  })
    .index("by_userId_and_eventId", ["userId", "eventId"])
    // A payout sums its event's rows: the promotional part of what it raised.
    .index("by_eventId", ["eventId"]),

  // `Adicionar saldo`: one row per PIX charge. Credited once, when the provider says the
  // payment with this providerPaymentId was approved (model/payments/deposits.ts).
  deposits: defineTable({
    userId: v.id("users"),
    amountCents: v.number(),
    status: depositStatusValidator,
    /** Set once the provider created the charge. */
    providerPaymentId: v.optional(v.string()),
    /** The copia-e-cola text (the QR code is drawn from it). */
    qrCode: v.optional(v.string()),
    expiresAt: v.number(),
    /** When it was credited, expired, cancelled or put aside. */
    settledAt: v.optional(v.number()),
    /** Why a payment was put aside for review instead of credited (amount or currency differ). */
    reviewReason: v.optional(v.string()),
    /**
     * When reconciliation may next ask the provider about this pending charge: its expiry at
     * first, then pushed back each time it is asked, so every open charge gets its turn however
     * many the provider keeps answering `pending` (model/payments/reconcile.ts). Absent on
     * charges from before it existed: those come first.
     */
    checkAfter: v.optional(v.number()),
    /**
     * When the payer's open dialog, at the charge's expiry, had the payment read at the provider
     * (model/payments/deposits.ts): until then it says `Verificando pagamento…`, never `Expirado`.
     */
    verifiedAt: v.optional(v.number()),
    /** When that read was asked for (once per charge). */
    verifyRequestedAt: v.optional(v.number()),
  })
    .index("by_providerPaymentId", ["providerPaymentId"])
    .index("by_userId_and_status", ["userId", "status"])
    .index("by_status_and_expiresAt", ["status", "expiresAt"])
    .index("by_status_and_checkAfter", ["status", "checkAfter"]),

  // `Sacar`: one row per transfer to a PIX key. The amount left the wallet when requested;
  // a failed transfer returns it (model/payments/withdrawals.ts).
  withdrawals: defineTable({
    userId: v.id("users"),
    amountCents: v.number(),
    keyType: pixKeyTypeValidator,
    /** The key in its canonical DICT form. */
    key: v.string(),
    /** The key holder's CPF or CNPJ, digits only (the Payouts API names the holder). */
    ownerDocument: v.string(),
    status: withdrawalStatusValidator,
    providerPayoutId: v.optional(v.string()),
    /** When the provider was last asked to make (or tell about) the transfer. */
    checkedAt: v.number(),
    /**
     * Since when the provider's answer to the transfer request was unclear (lost, a timeout, a
     * 5xx, 408/409/425/429): the transfer may exist, so the money stays out until the provider
     * says it failed or was never made (model/payments/sync.ts).
     */
    unclearSince: v.optional(v.number()),
    /** The provider said it was paid after it had failed and its money had come back (taken back again). */
    paidAfterReturn: v.optional(v.literal(true)),
    settledAt: v.optional(v.number()),
    failureReason: v.optional(v.string()),
  })
    .index("by_userId_and_status", ["userId", "status"])
    .index("by_providerPayoutId", ["providerPayoutId"])
    .index("by_status_and_checkedAt", ["status", "checkedAt"]),

  messages: defineTable({
    eventId: v.id("events"),
    userId: v.id("users"),
    /** The name when sent; `Conta excluída` once its author deleted their account. */
    authorName: v.string(),
    body: v.string(),
  })
    .index("by_eventId", ["eventId"])
    .index("by_userId", ["userId"]),

  // "Novidades do evento": the creator's posts on the event page, newest first.
  eventUpdates: defineTable({
    eventId: v.id("events"),
    authorId: v.id("users"),
    title: v.string(),
    body: v.string(),
  })
    .index("by_eventId", ["eventId"])
    .index("by_authorId", ["authorId"]),

  // One row per thing a person is told (model/notifications/inbox.ts). A row is unread while
  // `read` is false and `at` is after its owner's inbox `readAt`, so "Marcar todas como
  // lidas" writes one document however many rows there are. The event's name (and an
  // update's title) are copied in, so the list never reads events. Kept 90 days after `at`.
  notifications: defineTable({
    userId: v.id("users"),
    kind: notificationKindValidator,
    /** Absent for news about the wallet itself (PIX deposits and withdrawals). */
    eventId: v.optional(v.id("events")),
    eventName: v.optional(v.string()),
    /** When it last changed; a chat notification moves up with each new message. */
    at: v.number(),
    read: v.boolean(),
    /** Money it reports (refund, payout), in cents. */
    amountCents: v.optional(v.number()),
    /** New chat messages since it was last read. */
    count: v.optional(v.number()),
    updateId: v.optional(v.id("eventUpdates")),
    title: v.optional(v.string()),
  })
    .index("by_userId_and_at", ["userId", "at"])
    .index("by_userId_and_eventId_and_kind", ["userId", "eventId", "kind"])
    .index("by_at", ["at"]),

  // Per person: the unread count the bell shows (one small document, never a count of rows)
  // and when they last marked everything read. Created with their first notification.
  notificationInboxes: defineTable({
    userId: v.id("users"),
    unread: v.number(),
    readAt: v.number(),
  }).index("by_userId", ["userId"]),

  // Who takes part in an event's chat (has posted in it): they are told of new messages.
  chatParticipants: defineTable({
    eventId: v.id("events"),
    userId: v.id("users"),
  })
    .index("by_eventId_and_userId", ["eventId", "userId"])
    .index("by_userId", ["userId"]),

  // `Apoiar sem mostrar meu nome`: who hides their name on an event. Everyone but its organizer
  // reads `Apoiador anônimo` for them (model/privacy/anonymity.ts).
  anonymousSupporters: defineTable({
    eventId: v.id("events"),
    userId: v.id("users"),
  })
    .index("by_eventId_and_userId", ["eventId", "userId"])
    .index("by_userId", ["userId"]),

  // One row per sign-in: the access record the Marco Civil keeps 6 months, then a cron removes
  // it (model/privacy/retention.ts). Kept after an account is deleted, under its anonymous id.
  signInRecords: defineTable({
    userId: v.id("users"),
    at: v.number(),
    provider: v.string(),
  })
    .index("by_userId", ["userId"])
    .index("by_at", ["at"]),

  // `Equipe` and the door (model/team/tables.ts).
  ...teamTables,

  // E-mail changes, welcome-bonus fingerprints, the purge's books (model/privacy/schema.ts).
  ...privacyTables,
});
