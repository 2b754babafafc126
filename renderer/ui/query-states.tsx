/** A query's loading, error (with retry) and empty states in one place; its content once there is some. */
import type { ReactNode } from "react";
import { ErrorState, Loading } from "./states";

export interface QueryLike {
  isPending: boolean;
  isError: boolean;
  error: unknown;
  refetch(): unknown;
}

export function QueryStates({ query, isEmpty, empty, children }: { query: QueryLike; isEmpty: boolean; empty: ReactNode; children: ReactNode }) {
  if (query.isPending) return <Loading />;
  if (query.isError) return <ErrorState error={query.error} onRetry={() => void query.refetch()} />;
  if (isEmpty) return <>{empty}</>;
  return <>{children}</>;
}

