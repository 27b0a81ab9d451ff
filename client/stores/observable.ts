import { makeObservable, type AnnotationsMap, type CreateObservableOptions } from 'mobx';

let serverRendering = false;

/** Called once by the server's rendering (server/render/ssr.tsx): stores made from then on stay plain. */
export function storesForServerRendering(on = true): void {
  serverRendering = on;
}

/**
 * `makeObservable`, except while the server renders: a store lives for one render there and
 * nothing reacts to it, so its fields stay plain (making every store of every request
 * observable was 3 % of a page's CPU). In the browser it is `makeObservable`.
 */
export function makeStoreObservable<T extends object, AdditionalKeys extends PropertyKey = never>(
  target: T,
  annotations: AnnotationsMap<T, NoInfer<AdditionalKeys>>,
  options?: CreateObservableOptions,
): T {
  return serverRendering ? target : makeObservable<T, AdditionalKeys>(target, annotations, options);
}
