import { Component, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import { RouteError } from './RouteError';

interface BoundaryState {
  error: unknown;
  /** The path the error happened on: going elsewhere shows the next page again. */
  path: string | null;
}

class Boundary extends Component<{ path: string; children: ReactNode }, BoundaryState> {
  override state: BoundaryState = { error: null, path: null };

  static getDerivedStateFromError(error: unknown): Partial<BoundaryState> {
    return { error };
  }

  static getDerivedStateFromProps(props: { path: string }, state: BoundaryState): Partial<BoundaryState> | null {
    if (state.error === null) return state.path === props.path ? null : { path: props.path };
    // The visitor went to another page: try again there.
    return state.path === props.path ? null : { error: null, path: props.path };
  }

  override componentDidCatch(error: unknown): void {
    console.error(error);
  }

  override render() {
    return this.state.error === null ? this.props.children : <RouteError />;
  }
}

/** A page that failed to load its code or to render shows RouteError inside the frame until the visitor goes elsewhere. */
export function RouteErrorBoundary({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  return <Boundary path={pathname}>{children}</Boundary>;
}
