/** What decides whether the sandbox payment provider is on (docs/decisions/025, 028, 060). */
export interface SandboxInputs {
  nodeEnv: 'development' | 'production' | 'test';
  publicOrigin: string | undefined;
  /** PAYMENTS_SANDBOX: '1' on, '0' off, undefined unset (a blank value counts as unset). */
  explicit: '0' | '1' | undefined;
  /** WeChat Pay or Alipay is configured: real money, no sandbox by default. */
  realProvider: boolean;
}

export interface SandboxSetting {
  on: boolean;
  /**
   * PAYMENTS_SANDBOX is unset and the sandbox is off only because a production process has no
   * PUBLIC_ORIGIN to say whether it is the demo or a live site: the start log warns.
   */
  offForProductionWithoutOrigin: boolean;
}

/**
 * `PAYMENTS_SANDBOX` decides when set. Unset: off on a live site (one with `PUBLIC_ORIGIN`) or
 * with a real provider, off in production without `PUBLIC_ORIGIN` too (a live site that forgot
 * it would give everything away), on for development and tests without either.
 */
export function paymentsSandboxSetting(inputs: SandboxInputs): SandboxSetting {
  if (inputs.explicit !== undefined) return { on: inputs.explicit === '1', offForProductionWithoutOrigin: false };
  if (inputs.publicOrigin || inputs.realProvider) return { on: false, offForProductionWithoutOrigin: false };
  if (inputs.nodeEnv === 'production') return { on: false, offForProductionWithoutOrigin: true };
  return { on: true, offForProductionWithoutOrigin: false };
}
