/** Every route of the app, defined once. */
export const paths = {
  home: {
    pattern: "/",
    /** `search` is a query string without "?" (the home filters), or nothing. */
    build: (search = "") => (search === "" ? "/" : `/?${search}`),
  },
  event: {
    pattern: "/event/:id",
    build: (id: string) => `/event/${encodeURIComponent(id)}`,
  },
  checkIn: {
    /** Relative to the event's route, which declares it (see routes/event.tsx). */
    pattern: "checkin",
    build: (id: string) => `/event/${encodeURIComponent(id)}/checkin`,
  },
  team: {
    /** `Equipe`, relative to the event's route like the door screen. */
    pattern: "equipe",
    build: (id: string) => `/event/${encodeURIComponent(id)}/equipe`,
  },
  coupons: {
    /** `Cupons de desconto`, relative to the event's route. */
    pattern: "cupons",
    build: (id: string) => `/event/${encodeURIComponent(id)}/cupons`,
  },
  courtesies: {
    /** `Cortesias`, relative to the event's route. */
    pattern: "cortesias",
    build: (id: string) => `/event/${encodeURIComponent(id)}/cortesias`,
  },
  myData: {
    pattern: "/meus-dados",
    build: () => "/meus-dados",
  },
  terms: {
    pattern: "/termos",
    build: () => "/termos",
  },
  privacy: {
    pattern: "/privacidade",
    build: () => "/privacidade",
  },
  chat: {
    pattern: "/chat/:eventId",
    build: (eventId: string) => `/chat/${encodeURIComponent(eventId)}`,
  },
} as const;

// The home filters last shown, so "Voltar" from an event or its chat returns to the same list.
let lastHomeSearch = "";

export function rememberHomeSearch(search: string) {
  lastHomeSearch = search;
}

/** "/" with the filters the person last used on it. */
export function backToHome(): string {
  return paths.home.build(lastHomeSearch);
}
