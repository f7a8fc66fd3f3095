import { act, render, screen, within } from "@testing-library/react";
import { MemoryRouter, Route, Routes } from "react-router-dom";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { fakeId, resetConvexFake, setPaginated, setQuery } from "../../test/convex-fake";
import type { EventDetail, SignedInUser } from "../../lib/api-types";
import ChatRoute from "./chat";
import EventRoute from "./event";
import NotFoundRoute from "./not-found";
import { api } from "@convex/_generated/api";

vi.mock("convex/react", async () => (await import("../../test/convex-fake")).convexReactFake);
vi.mock("@convex-dev/auth/react", () => ({ useAuthActions: () => ({ signIn: vi.fn(), signOut: vi.fn() }) }));
// Presence heartbeats need a live client; here the room simply holds whom each test says.
const presentInRoom = vi.hoisted(() => ({ byRoom: {} as Record<string, number> }));
vi.mock("@convex-dev/presence/react", () => ({
  default: (_api: unknown, roomId: string) =>
    Array.from({ length: presentInRoom.byRoom[roomId] ?? 1 }, (_, i) => ({ userId: `u${i}`, online: true, lastDisconnected: 0 })),
}));

// The real Novidades section, its renders counted.
const renders = vi.hoisted(() => ({ updates: 0 }));
vi.mock("../../features/updates/event-updates", async (importOriginal) => {
  const real = await importOriginal<typeof import("../../features/updates/event-updates")>();
  return {
    ...real,
    EventUpdates: (props: Parameters<typeof real.EventUpdates>[0]) => {
      renders.updates++;
      return real.EventUpdates(props);
    },
  };
});

const detail: EventDetail = {
  _id: fakeId("events", "ev1"),
  name: "Festival de Jazz na Praça",
  category: "Música",
  startsAt: new Date(2026, 11, 5, 19, 0).getTime(),
  city: "Salvador",
  uf: "BA",
  venueName: "Largo do Pelourinho",
  shareUrl: "http://127.0.0.1:3211/e/ev1",
  description: "Três noites de jazz ao ar livre.\nProgramação: https://exemplo.com.br/jazz",
  imageUrl: null,
  isTicketed: true,
  fundingMode: "allOrNothing",
  goalCents: 200000,
  raisedCents: 55000,
  percent: 27,
  progress: 27,
  goalReached: false,
  status: "Em Progresso",
  minSupportCents: 1000,
  goalPercentage: 100,
  creatorId: fakeId("users", "creator"),
  ticketsGenerated: 2,
  uniqueSupporters: 2,
  supportingOpen: true,
  supportClosedReason: null,
  settlement: null,
  settlementLabel: null,
  isOnline: false,
  hasTicketTypes: false,
};
const me: SignedInUser = {
  _id: fakeId("users", "u1"),
  name: "Ana",
  menuName: "Ana",
  email: "ana@example.com",
  image: null,
  walletCents: 5000,
};

function renderAt(path: string) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/event/:id/*" element={<EventRoute />} />
        <Route path="/chat/:eventId" element={<ChatRoute />} />
        <Route path="*" element={<NotFoundRoute />} />
      </Routes>
    </MemoryRouter>,
  );
}

beforeEach(() => {
  resetConvexFake();
  setQuery(api.users.me, me);
  setQuery(api.supports.mine, { supported: false, amountCents: 0 });
  presentInRoom.byRoom = {};
});

describe("event page", () => {
  it("shows a spinner while loading and a back link", () => {
    renderAt("/event/ev1");
    expect(screen.getByRole("status")).toHaveTextContent("Carregando evento...");
    expect(screen.getByRole("link", { name: "Voltar" })).toHaveAttribute("href", "/");
  });

  it("says Evento não encontrado for an unknown id", () => {
    setQuery(api.events.get, null);
    renderAt("/event/nope");
    expect(screen.getByRole("heading", { name: "Evento não encontrado" })).toBeInTheDocument();
    // Present from page load: a status, not an alert.
    expect(screen.getByRole("status")).toHaveTextContent("Evento não encontrado");
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();
    expect(document.title).toBe("Evento não encontrado · Apoie");
  });

  it("shows the event's facts, the ticket note and the support form", () => {
    setQuery(api.events.get, detail);
    renderAt("/event/ev1");
    expect(screen.getByRole("heading", { level: 1, name: "Festival de Jazz na Praça" })).toBeInTheDocument();
    expect(screen.getByText("05/12/2026 19:00")).toBeInTheDocument();
    expect(screen.getByText("R$ 550,00 de R$ 2.000,00")).toBeInTheDocument();
    expect(screen.getByText("Este evento gera ingresso para quem apoiar.")).toBeInTheDocument();
    expect(screen.getByRole("progressbar")).toHaveAttribute("aria-valuetext", "R$ 550,00 de R$ 2.000,00 (27%)");
    expect(screen.getByLabelText("Valor do apoio")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "APOIE" })).toBeEnabled();
    expect(document.title).toBe("Festival de Jazz na Praça · Apoie");
    expect(screen.getByText("1 pessoa vendo agora")).toBeInTheDocument();
    expect(screen.getByRole("heading", { level: 2, name: "Evolução dos apoios" })).toBeInTheDocument();
    // The same status colours as Meus Eventos.
    expect(screen.getByText("Em Progresso")).toHaveClass("chip--progress");
    expect(screen.getByText("Largo do Pelourinho · Salvador/BA")).toBeInTheDocument();
    const about = screen.getByRole("region", { name: "Sobre o evento" });
    expect(about).toHaveTextContent("Três noites de jazz ao ar livre.");
    expect(within(about).getByRole("link", { name: "https://exemplo.com.br/jazz" })).toHaveAttribute("href", "https://exemplo.com.br/jazz");
  });

  it("renders Novidades again only when they change, not on each live update of the event's figures", () => {
    setQuery(api.events.get, detail);
    setPaginated(api.updates.list, []);
    renderAt("/event/ev1");
    expect(screen.getByText("O organizador ainda não publicou novidades.")).toBeInTheDocument();
    const before = renders.updates;
    act(() => setQuery(api.events.get, { ...detail, raisedCents: 56000 }));
    expect(screen.getByText("R$ 560,00 de R$ 2.000,00")).toBeInTheDocument();
    expect(renders.updates).toBe(before);
  });

  it("shows a settled event's outcome instead of the support form", () => {
    setQuery(api.events.get, {
      ...detail,
      settlement: "refunded",
      settlementLabel: "Encerrado · apoios devolvidos",
      supportingOpen: false,
      supportClosedReason: "started",
    });
    renderAt("/event/ev1");
    expect(screen.getByRole("heading", { level: 2, name: "Encerrado · apoios devolvidos" })).toBeInTheDocument();
    // The funding status ("Em Progresso") would contradict the outcome: only the outcome's chip shows.
    expect(screen.queryByText(detail.status)).not.toBeInTheDocument();
    expect(screen.getByText("Encerrado · apoios devolvidos", { selector: ".chip" })).toBeInTheDocument();
    expect(screen.getByText(/Todos os apoios voltaram para as carteiras/)).toBeInTheDocument();
    expect(screen.queryByLabelText("Valor do apoio")).not.toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "APOIE" })).not.toBeInTheDocument();
  });
});

describe("chat page", () => {
  it("explains that only supporters may chat", () => {
    setQuery(api.events.get, detail);
    setQuery(api.chat.access, "notASupporter");
    renderAt("/chat/ev1");
    expect(screen.getByRole("status")).toHaveTextContent("Apenas quem apoiou este evento pode ver e enviar mensagens no chat.");
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();
    expect(screen.queryByPlaceholderText("Digite sua mensagem")).not.toBeInTheDocument();
  });

  it("asks a signed-out visitor to sign in, with the configured sign-in buttons", () => {
    setQuery(api.users.me, null);
    setQuery(api.events.get, detail);
    setQuery(api.chat.access, "signedOut");
    setQuery(api.auth.providers, { google: false, local: true, email: false });
    renderAt("/chat/ev1");
    const notice = screen.getByRole("status");
    expect(notice).toHaveTextContent("Você precisa estar logado para continuar.");
    expect(within(notice).getByRole("button", { name: "Entrar (modo local)" })).toBeInTheDocument();
    expect(within(notice).queryByRole("button", { name: "Entrar com Google" })).not.toBeInTheDocument();
  });

  it("opens the chat when the server allows it (a supporter or the creator)", () => {
    setQuery(api.events.get, detail);
    setQuery(api.chat.access, "allowed");
    setPaginated(api.chat.list, []);
    presentInRoom.byRoom = { "chat:ev1": 3 };
    renderAt("/chat/ev1");
    expect(screen.getByPlaceholderText("Digite sua mensagem")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Enviar" })).toBeInTheDocument();
    expect(screen.getByText("3 online")).toBeInTheDocument();
    expect(document.title).toBe("Chat · Festival de Jazz na Praça · Apoie");
  });
});

describe("unknown address", () => {
  it("says Página não encontrada, in the tab's title too", () => {
    renderAt("/nada/aqui");
    expect(screen.getByRole("heading", { name: "Página não encontrada" })).toBeInTheDocument();
    expect(document.title).toBe("Página não encontrada · Apoie");
  });
});
