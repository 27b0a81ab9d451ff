import { createContext, useContext, type ReactNode } from 'react';
import type { RootStore } from './RootStore';

const StoresContext = createContext<RootStore | null>(null);

export function StoresProvider({ stores, children }: { stores: RootStore; children: ReactNode }) {
  return <StoresContext.Provider value={stores}>{children}</StoresContext.Provider>;
}

export function useStores(): RootStore {
  const stores = useContext(StoresContext);
  if (!stores) throw new Error('useStores() outside <StoresProvider>');
  return stores;
}
