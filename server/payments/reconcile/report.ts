import { formatCents } from '../../../shared/money';
import { formatFee } from './bill';
import type { ProviderReport, ReconcileReport } from './reconcile';

const NAMES = { wechat: 'WeChat Pay', alipay: 'Alipay' } as const;

/** The report as the operator reads it: per provider what its bill holds and every difference, then a summary. */
export function formatReport(report: ReconcileReport): string {
  const lines = [`reconcile ${report.date} (the providers' day, China time)`];
  if (report.providers.length === 0) lines.push('no payment provider is configured: nothing to reconcile');
  for (const provider of report.providers) lines.push(...providerLines(provider));
  lines.push(
    report.differences === 0 && report.failed === 0
      ? 'summary: clean, the books and the bills agree'
      : `summary: ${report.differences} difference(s)${report.failed > 0 ? `, ${report.failed} provider(s) not checked` : ''}`,
  );
  return lines.join('\n');
}

function providerLines(p: ProviderReport): string[] {
  const name = NAMES[p.provider];
  if (p.outcome === 'failed' || !p.comparison) return [`${name}: not checked: ${p.error ?? 'unknown error'}`];
  const c = p.comparison;
  const head =
    p.outcome === 'no_bill'
      ? `${name}: no bill (no trade there that day)`
      : `${name}: ${c.payments.count} payment(s) ${formatCents(c.payments.cents)}, ${c.refunds.count} refund(s) ${formatCents(c.refunds.cents)}, ` +
        `fees ${formatFee(c.fee)} (reported, not booked: docs/decisions/070)`;
  const flow = !p.fundFlow
    ? []
    : 'error' in p.fundFlow
      ? [`  fund flow: not downloaded: ${p.fundFlow.error}`]
      : [`  fund flow: ${p.fundFlow.entries} entries, in ${formatCents(p.fundFlow.inCents)}, out ${formatCents(p.fundFlow.outCents)}`];
  const differences =
    c.differences.length === 0
      ? ['  no differences']
      : [`  ${c.differences.length} difference(s):`, ...c.differences.map((d) => `  - ${d.kind}${d.order ? ` [order ${d.order}]` : ''}: ${d.text}`)];
  return [head, ...flow, ...differences];
}
