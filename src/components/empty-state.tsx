import type { ReactNode } from "react";

type EmptyStateProps = {
  title: string;
  /** A line of help under the title, or an action (a button to load more). */
  children?: ReactNode;
  /** "status" where the empty state replaces results the person is waiting for (a filter, a search). */
  role?: "status";
};

/** What a list shows when it has nothing: a bold title and, below it, what to do next. */
export function EmptyState({ title, children, role }: EmptyStateProps) {
  return (
    <div className="empty-state" role={role}>
      <p className="empty-state__title">{title}</p>
      {children}
    </div>
  );
}
