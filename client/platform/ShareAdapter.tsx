import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { useStores } from '../stores/context';

// Its code is its own chunk: only pages inside the chat-app browser load it.
const adapter = () => import('./wechatShare');

/** Inside the chat-app browser, signs each page's URL for sharing; elsewhere nothing. */
export function ShareAdapter() {
  const { env, api } = useStores();
  const sdkUrl = env.wechatSdkUrl;
  const { pathname, search } = useLocation();
  const inChatApp = env.clientType.shell === 'wechat';
  useEffect(() => {
    if (!inChatApp) return;
    void adapter()
      .then((m) => m.signSharePage(api, window.location.href, sdkUrl))
      .catch(() => {});
  }, [inChatApp, api, sdkUrl, pathname, search]);
  return null;
}
