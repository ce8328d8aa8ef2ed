/** An app's services in a process: started (or starting), ready or not, and how to stop them. */
export interface ServicesHandle {
  /** The services once started; undefined before. */
  readonly current: unknown | undefined;
  /** Resolves once they are started; rejects when starting failed. */
  readonly started: Promise<unknown>;
  isReady(): boolean;
  /** Stops them (once started); a second call does nothing. */
  stop(): Promise<void>;
}
