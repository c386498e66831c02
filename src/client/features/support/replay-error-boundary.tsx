import { Component, type ReactNode } from 'react';
import { FormError } from '../../ui';

interface Props {
  children: ReactNode;
}

/**
 * Whatever a diagnostics file holds, the replay page stays: an error while replaying it (a screen that
 * cannot read the file's state) is said here, in place of what failed, instead of a blank page.
 */
export class ReplayErrorBoundary extends Component<Props, { error: Error | null }> {
  override state: { error: Error | null } = { error: null };

  static getDerivedStateFromError(error: unknown) {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }

  override render() {
    const { error } = this.state;
    return error ? <FormError>This file cannot be replayed here: {error.message}</FormError> : this.props.children;
  }
}
