import { createElement, lazy, useState, type ComponentType } from 'react';

/**
 * A screen whose code loads on demand and may be asked for ahead of time (`preload`). Once its
 * code is here it renders at once: a `lazy` component suspends on its first render even then, and
 * React holds back what a Suspense boundary reveals for a few hundred milliseconds after showing
 * its fallback, a wait the guest would see on every such screen.
 */
export function preloadableLazy<P extends object>(load: () => Promise<{ default: ComponentType<P> }>) {
  let loaded: ComponentType<P> | null = null;
  let loading: Promise<{ default: ComponentType<P> }> | null = null;
  const preload = () =>
    (loading ??= load().then(
      (module) => {
        loaded = module.default;
        return module;
      },
      (error: unknown) => {
        // The next ask tries the network again.
        loading = null;
        throw error;
      },
    ));
  const Lazy = lazy(preload) as unknown as ComponentType<P>;
  function Screen(props: P) {
    // Chosen once per mount: switching from the lazy wrapper to the screen would remount it.
    const [Component] = useState<ComponentType<P>>(() => loaded ?? Lazy);
    return createElement(Component, props);
  }
  return { Screen, preload };
}
