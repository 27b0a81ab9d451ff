import type { ReactNode } from 'react';
import type { MessageKey } from '../i18n/en';
import type { MessageParams } from '../i18n/translate';
import { useStores } from '../stores/context';

interface ScreenFrameProps {
  titleKey: MessageKey;
  introKey?: MessageKey;
  params?: MessageParams;
  children?: ReactNode;
}

/** A screen's title block and body. */
export function ScreenFrame({ titleKey, introKey, params, children }: ScreenFrameProps) {
  const { env } = useStores();
  return (
    <main className="screen">
      <h1 className="screen__title">{env.t(titleKey, params)}</h1>
      {introKey ? <p className="screen__intro">{env.t(introKey, params)}</p> : null}
      {children}
    </main>
  );
}
