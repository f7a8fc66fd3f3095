import { useMemo, type ReactNode } from "react";
import { ConvexAuthProvider } from "@convex-dev/auth/react";
import { ConvexReactClient } from "convex/react";

/** The Convex client with Convex Auth (tokens kept in localStorage). */
export function AppProvider({ convexUrl, children }: { convexUrl: string; children: ReactNode }) {
  const client = useMemo(() => new ConvexReactClient(convexUrl), [convexUrl]);
  return <ConvexAuthProvider client={client}>{children}</ConvexAuthProvider>;
}
