import type { ReactNode } from "react";
import { MESSAGES } from "@convex/model/shared/texts";
import { ErrorBoundary } from "../../components/error-boundary";
import { errorNotice } from "../../lib/errors";

/** The message shown instead of the chat to someone who may not use it (a status, not an alarm). */
export function ChatNotice({ title, message, children }: { title: string; message: string; children?: ReactNode }) {
  return (
    <section className="notice-card" role="status">
      <h2 className="notice-card__title">{title}</h2>
      <p>{message}</p>
      {children}
    </section>
  );
}

/** Shows the server's refusal (e.g. NOT_A_SUPPORTER) if the chat query fails anyway. */
export function ChatErrorBoundary({ children }: { children: ReactNode }) {
  return (
    <ErrorBoundary
      fallback={(error) => {
        const notice = errorNotice(error);
        return (
          <ChatNotice
            title={notice.code === "NOT_A_SUPPORTER" ? "Chat exclusivo para apoiadores" : (notice.title ?? "Algo deu errado")}
            message={notice.message}
          />
        );
      }}
    >
      {children}
    </ErrorBoundary>
  );
}

export const CHAT_TEXTS = {
  supportersOnlyTitle: "Chat exclusivo para apoiadores",
  notASupporter: MESSAGES.notASupporter,
  signInTitle: "Entre para conversar",
  notSignedIn: MESSAGES.notSignedIn,
} as const;
