import { observer } from 'mobx-react-lite';
import { formatCents } from '../../../shared/money';
import { RENEWAL_REMINDER_DAYS } from '../../../shared/subscriptions';
import type { MembershipState } from '../../api/payments';
import { usePaymentTexts } from '../../payments/usePaymentTexts';
import type { PageLoaderArgs } from '../../routing/pageModules';
import { useStores } from '../../stores/context';
import { memberStore, type MemberStore } from './MemberStore';
import { money, type MemberPlan } from './plans';
import { formatDay } from '../../../shared/readerDates';

/** The tiers with the server's prices, and the reader's membership when signed in. */
export async function loader({ stores }: PageLoaderArgs): Promise<void> {
  await memberStore(stores).load();
}

type Period = 'monthly' | 'annual';
/** A plan's offer for one period: its product key and price. */
type Offer = { key: string; cents: number };

/**
 * `/member`: the tiers, monthly and annual, one-off and subscription; Buy opens the payment panel.
 * Subscriptions are periods with renewal reminders (docs/decisions/051): the reader's subscription,
 * its renewal switch and a Renew button show under the membership line.
 */
export default observer(function MemberPage() {
  const stores = useStores();
  const t = usePaymentTexts();
  const member = memberStore(stores);
  const { plans, membership } = member;

  const buy = (offer: Offer, level: MemberPlan['level'], period: Period, kind: MemberPlan['kind']) => {
    const labelKey = kind === 'subscription' ? 'member.itemSubscription' : 'member.item';
    // Signed out, the purchase waits for the sign-in it asks for, then the payment panel opens (docs/specification/shell.md §4).
    void stores.perform({
      kind: 'buy-membership',
      identity: offer.key,
      // The price this page shows: the order is made at it, or refused when the server's differs.
      amount: formatCents(offer.cents),
      price: `¥${money(offer.cents)}`,
      label: t(labelKey, { level: t(`level.${level}`), period: t(`member.period.${period}`) }),
    });
  };
  const buyPlan = (plan: MemberPlan, period: Period) => {
    const offer = plan[period];
    if (offer) buy(offer, plan.level, period, plan.kind);
  };

  return (
    <main className="screen">
      <h1 className="screen__title">{t('member.title')}</h1>
      <p className="screen__intro">{t('member.intro')}</p>
      {membership ? <MembershipLine membership={membership} /> : null}
      <SubscriptionPanel member={member} onRenew={buy} />
      <div className="member-plans">
        {plans.map((plan) => {
          const blocked = plan.kind === 'subscription' && member.subscriptionBuyBlocked;
          return (
            <section key={`${plan.level}-${plan.kind}`} className="member-plan" aria-label={`${t(`level.${plan.level}`)} ${t(`member.${plan.kind}`)}`}>
              <h2>{t(`level.${plan.level}`)}</h2>
              <p className="member-plan__kind">{t(`member.${plan.kind}`)}</p>
              {plan.monthly ? (
                <div className="member-plan__price">
                  <span>{t('member.monthly', { price: `¥${money(plan.monthly.cents)}` })}</span>
                  <button type="button" className="button button--small" disabled={blocked} onClick={() => buyPlan(plan, 'monthly')}>
                    {t('member.buyMonthly')}
                  </button>
                </div>
              ) : null}
              {plan.annual ? (
                <div className="member-plan__price">
                  <span>
                    {t('member.annual', { price: `¥${money(plan.annual.cents)}` })}{' '}
                    {plan.annual.originCents !== null ? (
                      <>
                        {/* Strikethrough is not read out: the hidden words say the old price is old. */}
                        <s aria-hidden="true">¥{money(plan.annual.originCents)}</s>
                        <span className="visually-hidden">{t('member.origin', { price: `¥${money(plan.annual.originCents)}` })}</span>
                      </>
                    ) : null}
                  </span>
                  <button type="button" className="button button--small button--primary" disabled={blocked} onClick={() => buyPlan(plan, 'annual')}>
                    {t('member.buyAnnual')}
                  </button>
                </div>
              ) : null}
              {plan.kind === 'subscription' ? (
                <p className="member-plan__kind">{blocked ? t('member.renewalBlocked') : t('member.subscriptionNote', { days: RENEWAL_REMINDER_DAYS })}</p>
              ) : null}
            </section>
          );
        })}
      </div>
    </main>
  );
});

/** The reader's running subscription: renewal on or off, the switch, and Renew (one click to the payment panel). */
const SubscriptionPanel = observer(function SubscriptionPanel({
  member,
  onRenew,
}: {
  member: MemberStore;
  onRenew: (offer: Offer, level: MemberPlan['level'], period: Period, kind: MemberPlan['kind']) => void;
}) {
  const t = usePaymentTexts();
  const { env } = useStores();
  const subscription = member.subscription;
  if (!subscription) return null;
  const level = t(`level.${subscription.level}`);
  const expires = member.membership?.expires;
  const date = expires ? formatDay(Date.parse(expires), env.timeZone) : '';
  const offer = member.renewOffer;
  return (
    <section className="member-subscription" aria-label={t('member.subscription')}>
      <p className="member-subscription__state" data-renewal={subscription.renewal ? 'on' : 'off'}>
        {subscription.renewal ? t('member.renewalOn', { level, date }) : t('member.renewalOff', { level, date })}
      </p>
      <div className="member-subscription__actions">
        <button type="button" className="button button--small" disabled={member.renewalSaving} onClick={() => void member.setRenewal(!subscription.renewal)}>
          {subscription.renewal ? t('member.turnOff') : t('member.turnOn')}
        </button>
        {offer ? (
          <button
            type="button"
            className="button button--small button--primary"
            onClick={() => onRenew(offer, subscription.level, subscription.period, 'subscription')}
          >
            {t('member.renew', { price: `¥${money(offer.cents)}` })}
          </button>
        ) : null}
      </div>
      {member.renewalError ? (
        <p className="member-subscription__error" role="alert">
          {t('member.renewalFailed', { message: member.renewalError })}
        </p>
      ) : null}
    </section>
  );
});

const MembershipLine = observer(function MembershipLine({ membership }: { membership: MembershipState }) {
  const t = usePaymentTexts();
  const { env } = useStores();
  const level = membership.level === 'premium' || membership.level === 'vip' || membership.level === 'enterprise' ? t(`level.${membership.level}`) : null;
  const date = membership.expires ? formatDay(Date.parse(membership.expires), env.timeZone) : '';
  const text = !level ? t('member.none') : membership.expired ? t('member.expired', { level, date }) : t('member.current', { level, date });
  return (
    <p className="member-status" role="status">
      {text}
    </p>
  );
});
