import type { InputHTMLAttributes } from 'react';

/**
 * A field of the phone-code page's forms, which the redeem and referral pages share
 * (client/styles/static-pages.css): its label over its input. `code` sets the input for a short code.
 */
export function SmsPageField({ id, label, code = false, ...input }: { id: string; label: string; code?: boolean } & InputHTMLAttributes<HTMLInputElement>) {
  return (
    <>
      <label className="sms-page__label" htmlFor={id}>
        {label}
      </label>
      <input id={id} className={code ? 'sms-page__input sms-page__input--code' : 'sms-page__input'} {...input} />
    </>
  );
}
