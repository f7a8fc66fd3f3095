import { useQuery } from "convex/react";
import usePresence from "@convex-dev/presence/react";
import { api } from "../../convex/_generated/api";
import { MAX_PRESENCE_COUNT, PRESENCE_INTERVAL_MS } from "../../convex/model/shared/presenceRooms";
import { anonymousViewerId } from "../lib/viewer-id";
import "./presence-count.css";

/** The event page's line (`N pessoas vendo agora`, in the singular for one). */
export const viewersText = (count: string) => (count === "1" ? "1 pessoa vendo agora" : `${count} pessoas vendo agora`);
/** The chat's line, `N online`. */
export const onlineText = (count: string) => `${count} online`;

type PresenceCountProps = {
  roomId: string;
  /** The text for `count` people present, e.g. "2 pessoas vendo agora". */
  describe: (count: string) => string;
};

/**
 * Marks this page as present in a room and shows, live, how many people are (the server
 * counts a person once whatever their tabs). Signed-out visitors take part with their
 * browser's anonymous id where the room allows it.
 */
export function PresenceCount({ roomId, describe }: PresenceCountProps) {
  const me = useQuery(api.users.me);
  if (me === undefined) return <p className="presence" aria-hidden="true" />;
  // A new identity (signing in on the page) is a new presence session.
  return <LivePresence key={me?._id ?? "anon"} roomId={roomId} userId={me?._id ?? anonymousViewerId()} describe={describe} />;
}

function LivePresence({ roomId, userId, describe }: PresenceCountProps & { userId: string }) {
  const people = usePresence(api.presence, roomId, userId, PRESENCE_INTERVAL_MS);
  if (people === undefined) return <p className="presence" aria-hidden="true" />;
  const count = people.length >= MAX_PRESENCE_COUNT ? `${MAX_PRESENCE_COUNT}+` : String(people.length);
  return (
    <p className="presence">
      <span className="presence__dot" aria-hidden="true" />
      {describe(count)}
    </p>
  );
}
