import { makeObservable, type AnnotationsMap, type CreateObservableOptions } from 'mobx';
import { isUsingStaticRendering } from 'mobx-react-lite';

/**
 * `makeObservable`, except while the server renders: a store lives for one render there and
 * nothing reacts to it, so its fields stay plain (making every store of every request
 * observable was 3 % of a page's CPU, issue 15). In the browser it is `makeObservable`.
 */
export function makeStoreObservable<T extends object, AdditionalKeys extends PropertyKey = never>(
  target: T,
  annotations: AnnotationsMap<T, NoInfer<AdditionalKeys>>,
  options?: CreateObservableOptions,
): T {
  return isUsingStaticRendering() ? target : makeObservable<T, AdditionalKeys>(target, annotations, options);
}
