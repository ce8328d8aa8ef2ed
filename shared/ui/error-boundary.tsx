import { Component, type ErrorInfo, type ReactNode } from 'react';

export interface ErrorBoundaryProps {
  fallback: ReactNode;
  /** Called once per caught error (reporting hooks in here). */
  onRenderError?: (error: unknown, info: ErrorInfo) => void;
  /** Changing this key clears a caught error (e.g. the URL, after a navigation). */
  resetKey?: string;
  children: ReactNode;
}

interface ErrorBoundaryState {
  error: unknown;
  resetKey?: string;
}

/** Shows `fallback` instead of a subtree that threw while rendering in the browser. */
export class ErrorBoundary extends Component<ErrorBoundaryProps, ErrorBoundaryState> {
  // getDerivedStateFromProps runs before the first render too: it copies the first resetKey in.
  override state: ErrorBoundaryState = { error: null };

  static getDerivedStateFromError(error: unknown): Partial<ErrorBoundaryState> {
    return { error };
  }

  static getDerivedStateFromProps(props: ErrorBoundaryProps, state: ErrorBoundaryState) {
    return props.resetKey === state.resetKey ? null : { error: null, resetKey: props.resetKey };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    this.props.onRenderError?.(error, info);
  }

  override render(): ReactNode {
    return this.state.error ? this.props.fallback : this.props.children;
  }
}
