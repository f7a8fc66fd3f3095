import type { ReactNode, Ref } from "react";
import { Link } from "react-router-dom";
import "./components.css";

type SupportedWithChatProps = {
  /** What the person gave, said in the page's own words. */
  children: ReactNode;
  chatPath: string;
  chatRef?: Ref<HTMLAnchorElement>;
};

/** "You supported this event" and the way into its supporters' chat, on open and finished pages alike. */
export function SupportedWithChat({ children, chatPath, chatRef }: SupportedWithChatProps) {
  return (
    <div className="supported-with-chat">
      <p>{children}</p>
      <Link to={chatPath} className="button button--chat" ref={chatRef}>
        CHAT
      </Link>
    </div>
  );
}
