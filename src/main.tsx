import { startTransition, StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { App } from "./app/app";
import { MissingConvexUrl } from "./app/missing-convex-url";
import "./styles/global.css";

const root = document.getElementById("root");
if (root === null) throw new Error("index.html has no #root element");

const convexUrl = import.meta.env.VITE_CONVEX_URL as string | undefined;

// As a transition, the first render yields to the browser every few milliseconds instead of
// holding the main thread in one long task (Lighthouse's total blocking time on a phone).
startTransition(() => {
  createRoot(root).render(<StrictMode>{convexUrl ? <App convexUrl={convexUrl} /> : <MissingConvexUrl />}</StrictMode>);
});
