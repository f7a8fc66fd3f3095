import "./organizer-page.css";

export type Message = { tone: "success" | "error"; text: string };

/** What came of a form's last submit, read out by screen readers (an error as an alert). */
export function InlineMessage({ message }: { message: Message | null }) {
  if (message === null) return null;
  return (
    <p className={`org-message org-message--${message.tone}`} role={message.tone === "error" ? "alert" : "status"}>
      {message.text}
    </p>
  );
}
