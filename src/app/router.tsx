import { lazy, Suspense, type ReactNode } from "react";
import { BrowserRouter, Route, Routes, useLocation } from "react-router-dom";
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
  const { pathname } = useLocation();
  return (
    <ErrorBoundary key={pathname} fallback={(error) => <RouteError error={error} />}>
      <Suspense fallback={<Spinner />}>{children}</Suspense>
    </ErrorBoundary>
  );
}

// The declarative router: the data router (createBrowserRouter) would add ~15 KB to "/".
export function AppRouter() {
  return (
    <BrowserRouter>
      <Routes>
        <Route element={<Layout />}>
          <Route path={paths.home.pattern} element={<Screen><HomeRoute /></Screen>} />
          <Route path={paths.event.pattern} element={<Screen><EventRoute /></Screen>} />
          <Route path={paths.chat.pattern} element={<Screen><ChatRoute /></Screen>} />
          <Route path="*" element={<Screen><NotFoundRoute /></Screen>} />
        </Route>
      </Routes>
    </BrowserRouter>
  );
}
