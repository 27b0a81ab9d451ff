import { useMatches } from 'react-router-dom';
import { ScreenFrame } from '../../components/ScreenFrame';
import { isRouteHandle } from '../../routing/pageRoute';

/** One screen for the six static pages; the route's handle says which. */
export default function StaticPage() {
  const handle = useMatches().map((m) => m.handle).filter(isRouteHandle).pop();
  return <ScreenFrame titleKey={handle?.titleKey ?? 'screen.static-service-terms.title'} introKey="screen.static.intro" />;
}
