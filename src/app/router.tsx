import { lazy, Suspense, type ReactNode } from "react";
import { Route, Switch, useLocation } from "wouter";
import { ErrorBoundary } from "../components/error-boundary";
import { Spinner } from "../components/spinner";
import { Layout } from "./layout";
import { paths } from "./paths";
import { RouteError } from "./route-error";

// Each screen is its own chunk, so "/" downloads neither the event page nor the chat.
const HomeRoute = lazy(() => import("./routes/home"));
const EventRoute = lazy(() => import("./routes/event"));
const ChatRoute = lazy(() => import("./routes/chat"));
const NotFoundRoute = lazy(() => import("./routes/not-found"));

/** One route's error boundary (reset when the address changes) and loading state. */
function Screen({ children }: { children: ReactNode }) {
  const [pathname] = useLocation();
  return (
    <ErrorBoundary key={pathname} fallback={(error) => <RouteError error={error} />}>
      <Suspense fallback={<Spinner />}>{children}</Suspense>
    </ErrorBoundary>
  );
}

// wouter rather than React Router: the same three routes for ~2 KB instead of ~13 KB gzip,
// which keeps the first load of "/" under its 110 KB budget (npm run bench).
export function AppRouter() {
  return (
    <Layout>
      <Switch>
        <Route path={paths.home.pattern}>
          <Screen><HomeRoute /></Screen>
        </Route>
        <Route path={paths.event.pattern}>
          <Screen><EventRoute /></Screen>
        </Route>
        <Route path={paths.chat.pattern}>
          <Screen><ChatRoute /></Screen>
        </Route>
        <Route>
          <Screen><NotFoundRoute /></Screen>
        </Route>
      </Switch>
    </Layout>
  );
}
