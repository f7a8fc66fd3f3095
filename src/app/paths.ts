/** Every route of the app, defined once. */
export const paths = {
  home: {
    pattern: "/",
    build: () => "/",
  },
  event: {
    pattern: "/event/:id",
    build: (id: string) => `/event/${encodeURIComponent(id)}`,
  },
  chat: {
    pattern: "/chat/:eventId",
    build: (eventId: string) => `/chat/${encodeURIComponent(eventId)}`,
  },
} as const;
