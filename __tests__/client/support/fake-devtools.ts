// Stands in for the Redux DevTools extension. Import it before anything that loads Redux Toolkit:
// configureStore picks up window.__REDUX_DEVTOOLS_EXTENSION_COMPOSE__ when its module loads. Like the
// extension, it instruments the base store (so it sees every action that reaches the reducer, the ones
// middleware and thunks dispatch included) and keeps what the store's sanitizers hand it.

type Sanitizer = (value: unknown, id: number) => unknown;
interface DevToolsOptions {
  actionSanitizer?: Sanitizer;
  stateSanitizer?: Sanitizer;
}
interface BaseStore {
  dispatch(action: unknown): unknown;
  getState(): unknown;
}
type CreateStore = (...args: unknown[]) => BaseStore;
type Enhancer = (next: CreateStore) => CreateStore;

/** What the extension received: each action and the state after it, both after sanitizing. */
export const devTools = {
  actions: [] as unknown[],
  states: [] as unknown[],
  clear(): void {
    devTools.actions = [];
    devTools.states = [];
  },
};

const instrument = (options: DevToolsOptions, createStore: CreateStore): CreateStore => (...args) => {
  const store = createStore(...args);
  let id = 0;
  const dispatch = (action: unknown) => {
    const result = store.dispatch(action);
    id += 1;
    devTools.actions.push(options.actionSanitizer ? options.actionSanitizer(action, id) : action);
    devTools.states.push(options.stateSanitizer ? options.stateSanitizer(store.getState(), id) : store.getState());
    return result;
  };
  return { ...store, dispatch };
};

(window as unknown as Record<string, unknown>).__REDUX_DEVTOOLS_EXTENSION_COMPOSE__ =
  (options: DevToolsOptions) =>
  (...enhancers: Enhancer[]) =>
  (createStore: CreateStore) =>
    enhancers.reduceRight<CreateStore>((next, enhancer) => enhancer(next), instrument(options, createStore));
