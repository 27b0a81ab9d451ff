import { observer } from 'mobx-react-lite';
import type { MembershipState } from '../../api/payments';
import { usePaymentTexts } from '../../payments/usePaymentTexts';
import type { PageLoaderArgs } from '../../routing/pageModules';
import { useStores } from '../../stores/context';
import { memberStore } from './MemberStore';
import { money, type MemberPlan } from './plans';

/** The tiers with the server's prices, and the reader's membership when signed in. */
export async function loader({ stores }: PageLoaderArgs): Promise<void> {
  await memberStore(stores).load();
}

/** `/member`: the tiers, monthly and annual, one-off and subscription; Buy opens the payment panel. */
export default observer(function MemberPage() {
  const stores = useStores();
  const t = usePaymentTexts();
  const { plans, membership } = memberStore(stores);

  const buy = (plan: MemberPlan, period: 'monthly' | 'annual') => {
    const offer = plan[period];
    if (!offer) return;
    // Signed out, the purchase waits for the sign-in it asks for, then the payment panel opens (docs/specification/shell.md §4).
    void stores.perform({
      kind: 'buy-membership',
      identity: offer.key,
      label: t('member.item', { level: t(`level.${plan.level}`), period: t(`member.period.${period}`) }),
    });
  };

  return (
    <main className="screen">
      <h1 className="screen__title">{t('member.title')}</h1>
      <p className="screen__intro">{t('member.intro')}</p>
      {membership ? <MembershipLine membership={membership} /> : null}
      <div className="member-plans">
        {plans.map((plan) => (
          <section key={`${plan.level}-${plan.kind}`} className="member-plan" aria-label={`${t(`level.${plan.level}`)} ${t(`member.${plan.kind}`)}`}>
            <h3>{t(`level.${plan.level}`)}</h3>
            <p className="member-plan__kind">{t(`member.${plan.kind}`)}</p>
            {plan.monthly ? (
              <div className="member-plan__price">
                <span>{t('member.monthly', { price: `¥${money(plan.monthly.cents)}` })}</span>
                {plan.kind === 'manual' ? (
                  <button type="button" className="button button--small" onClick={() => buy(plan, 'monthly')}>
                    {t('member.buyMonthly')}
                  </button>
                ) : null}
              </div>
            ) : null}
            {plan.annual ? (
              <div className="member-plan__price">
                <span>
                  {t('member.annual', { price: `¥${money(plan.annual.cents)}` })}{' '}
                  {plan.annual.originCents !== null ? (
                    <s aria-label={t('member.origin', { price: `¥${money(plan.annual.originCents)}` })}>¥{money(plan.annual.originCents)}</s>
                  ) : null}
                </span>
                {plan.kind === 'manual' ? (
                  <button type="button" className="button button--small button--primary" onClick={() => buy(plan, 'annual')}>
                    {t('member.buyAnnual')}
                  </button>
                ) : null}
              </div>
            ) : null}
            {/* No provider renews subscriptions yet: the server refuses them (decision 025). */}
            {plan.kind === 'subscription' ? <p className="member-plan__kind">{t('member.subscriptionSoon')}</p> : null}
          </section>
        ))}
      </div>
    </main>
  );
});

function MembershipLine({ membership }: { membership: MembershipState }) {
  const t = usePaymentTexts();
  const level = membership.level === 'premium' || membership.level === 'vip' || membership.level === 'enterprise' ? t(`level.${membership.level}`) : null;
  const date = membership.expires ? membership.expires.slice(0, 10) : '';
  const text = !level ? t('member.none') : membership.expired ? t('member.expired', { level, date }) : t('member.current', { level, date });
  return (
    <p className="member-status" role="status">
      {text}
    </p>
  );
}
