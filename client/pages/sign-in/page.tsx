import { redirect, useNavigate, useSearchParams } from 'react-router-dom';
import { safeNextPath } from '../../../shared/safeNext';
import { ScreenFrame } from '../../components/ScreenFrame';
import { SignInForm } from '../../components/SignInForm';
import type { PageLoaderArgs } from '../../routing/pageModules';

/** Someone already signed in goes straight on to `next` (a path on this site only). */
export async function loader({ stores, request }: PageLoaderArgs): Promise<void> {
  await stores.account.ensureLoaded();
  if (stores.account.signedIn) {
    throw redirect(safeNextPath(new URL(request.url).searchParams.get('next')));
  }
}

export default function SignInPage() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  return (
    <ScreenFrame titleKey="screen.sign-in.title" introKey="screen.sign-in.intro">
      <SignInForm onSignedIn={() => void navigate(safeNextPath(params.get('next')), { replace: true })} />
    </ScreenFrame>
  );
}
