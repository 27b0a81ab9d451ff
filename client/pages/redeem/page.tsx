import { useParams } from 'react-router-dom';
import { ScreenFrame } from '../../components/ScreenFrame';
import { RedeemForm } from './RedeemForm';

/** `/redeem/{code?}` (docs/decisions/027): a code from a link is filled in and shown before it is spent. */
export default function RedeemPage() {
  const { code = '' } = useParams();
  return (
    <ScreenFrame titleKey="screen.redeem.title" introKey="screen.redeem.intro">
      <RedeemForm initialCode={code} />
    </ScreenFrame>
  );
}
