import { useQuery } from "convex/react";
import usePresence from "@convex-dev/presence/react";
import { api } from "@convex/_generated/api";
import { MAX_PRESENCE_COUNT, PRESENCE_INTERVAL_MS } from "@convex/model/shared/presenceRooms";
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
 * Shows, live, how many people are in a room. A signed-in person's page also marks them present
 * (the server counts a person once whatever their tabs); a signed-out visitor only watches the
 * count, since the server counts accounts, not anonymous browsers (convex/model/events/presence.ts).
 */
export function PresenceCount({ roomId, describe }: PresenceCountProps) {
  const me = useQuery(api.users.me);
  if (me === undefined) return <p className="presence" aria-hidden="true" />;
  // A new identity (signing in on the page) is a new presence session.
  if (me === null) return <WatchedCount roomId={roomId} describe={describe} />;
  return <LivePresence key={me._id} roomId={roomId} userId={me._id} describe={describe} />;
}

function LivePresence({ roomId, userId, describe }: PresenceCountProps & { userId: string }) {
  const people = usePresence(api.presence, roomId, userId, PRESENCE_INTERVAL_MS);
  return <CountLine people={people?.length} describe={describe} />;
}

function WatchedCount({ roomId, describe }: PresenceCountProps) {
  return <CountLine people={useQuery(api.presence.count, { roomId })} describe={describe} />;
}

/** The line for `people` present (undefined while loading). */
function CountLine({ people, describe }: { people: number | undefined; describe: PresenceCountProps["describe"] }) {
  if (people === undefined) return <p className="presence" aria-hidden="true" />;
  const count = people >= MAX_PRESENCE_COUNT ? `${MAX_PRESENCE_COUNT}+` : String(people);
  return (
    <p className="presence">
      <span className="presence__dot" aria-hidden="true" />
      {describe(count)}
    </p>
  );
}
