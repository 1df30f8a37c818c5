import { Trans } from '@lingui/react/macro';
import type { PayProblem } from '../../../machines/pay.machine';
import type { RequestProblem } from '../../../machines/send.machine';

/** Why a scanned payment request was not taken (issue 25): the asset, network or amount it asks for. */
export function RequestProblemText({
  problem,
  currency = '',
}: {
  problem: RequestProblem | PayProblem;
  currency?: string;
}) {
  switch (problem.kind) {
    case 'notHeld': {
      const asked = problem.currency;
      return (
        <Trans>
          This request is for {asked}, which is not in your wallet. Add {asked} to pay it.
        </Trans>
      );
    }
    case 'otherAsset': {
      const asked = problem.currency;
      return (
        <Trans>
          This QR code asks for {asked}, not {currency}. Open the {asked} send form to pay it.
        </Trans>
      );
    }
    case 'tooPrecise': {
      const { decimals, currency: asked } = problem;
      return (
        <Trans>
          The requested amount has more decimals than {asked} allows ({decimals}).
        </Trans>
      );
    }
    case 'unknownNetwork':
    case 'otherChain':
      return <Trans>This request is for a network this wallet does not support.</Trans>;
    case 'unknownToken':
      return <Trans>This request is for a token this wallet does not support.</Trans>;
    default:
      return <Trans>This is not a payment request this wallet can read.</Trans>;
  }
}
