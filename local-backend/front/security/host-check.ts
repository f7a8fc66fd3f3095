/**
 * DNS rebinding: a web page on attacker.example can point that name at 127.0.0.1 and then
 * read whatever this backend answers, as its own origin. The browser still sends
 * `Host: attacker.example`, so every request (HTTP and WebSocket upgrade) is answered only
 * when its Host names this machine on the port it came in on: 127.0.0.1, localhost, [::1],
 * or a name the developer allowed (`--allowed-host`, with or without a port).
 */
const LOOPBACK_NAMES = ["127.0.0.1", "localhost", "[::1]"];
const HAS_PORT = /:\d+$/;

export type HostCheck = (host: string | undefined) => boolean;

/** Allows `Host` values naming this machine (or an `allowed` name) on `port()`, asked each time (port 0 is known only after listening). */
export function hostCheck(port: () => number, allowed: readonly string[] = []): HostCheck {
  const names = [...LOOPBACK_NAMES, ...allowed].map((name) => name.trim().toLowerCase()).filter((name) => name !== "");
  return (host) => {
    if (host === undefined) return false;
    const wanted = host.toLowerCase();
    const current = port();
    return names.some((name) => wanted === (HAS_PORT.test(name) ? name : `${name}:${current}`) || (current === 80 && wanted === name));
  };
}

export const FORBIDDEN_HOST_MESSAGE =
  "This backend answers only to 127.0.0.1, localhost and [::1] on its own port (more names with --allowed-host).";
