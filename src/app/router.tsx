import { lazy, Suspense, type ReactNode } from "react";
import { Route, Routes, useLocation } from "react-router-dom";
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
const MyDataRoute = lazy(() => import("./routes/my-data"));
const TermsRoute = lazy(() => import("./routes/terms"));
const PrivacyRoute = lazy(() => import("./routes/privacy"));

/** One route's error boundary (reset when the address changes) and loading state. */
function Screen({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  return (
    <ErrorBoundary key={pathname} fallback={(error) => <RouteError error={error} />}>
      <Suspense fallback={<Spinner />}>{children}</Suspense>
    </ErrorBoundary>
  );
}

// React Router in its declarative mode (BrowserRouter + Routes): the data router would add
// ~16 KB gzip to the first load of "/" for loaders this app does not use (Convex queries are
// its data layer).
export function AppRouter() {
  return (
    <Layout>
      <Routes>
        <Route
          path={paths.home.pattern}
          element={
            <Screen>
              <HomeRoute />
            </Screen>
          }
        />
        {/* "/*": the event's own sub-pages (its door screen) are declared in its chunk. */}
        <Route
          path={`${paths.event.pattern}/*`}
          element={
            <Screen>
              <EventRoute />
            </Screen>
          }
        />
        <Route
          path={paths.chat.pattern}
          element={
            <Screen>
              <ChatRoute />
            </Screen>
          }
        />
        <Route
          path={paths.myData.pattern}
          element={
            <Screen>
              <MyDataRoute />
            </Screen>
          }
        />
        <Route
          path={paths.terms.pattern}
          element={
            <Screen>
              <TermsRoute />
            </Screen>
          }
        />
        <Route
          path={paths.privacy.pattern}
          element={
            <Screen>
              <PrivacyRoute />
            </Screen>
          }
        />
        <Route
          path="*"
          element={
            <Screen>
              <NotFoundRoute />
            </Screen>
          }
        />
      </Routes>
    </Layout>
  );
}
