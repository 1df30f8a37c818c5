/**
 * <QuoteDetails>: the rate both ways (a button: click, Enter and Space flip it), the fee in the coin
 * and in fiat, and "You get exactly …" for a fixed quote.
 */
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { QuoteDetails } from '../../src/ui/QuoteDetails';
import { renderWithProviders } from '../support/render';
import { text } from '../support/dom';

const rate = { fromUnit: 'BTC', toUnit: 'USDT', forward: '59,400', backward: '0.00001684' };

describe('QuoteDetails', () => {
  it('shows the rate, the fee in the coin and in fiat, and the exact amount', () => {
    renderWithProviders(
      <QuoteDetails rate={rate} fee={{ amount: '9.88 USDT', fiat: '$9.88', percent: '1 %' }} exact="978.16 USDT" />,
    );
    expect(text(screen.getByTestId('quote-rate'))).toBe('1 BTC ≈ 59,400 USDT');
    expect(text(screen.getByTestId('quote-fee'))).toBe('9.88 USDT');
    expect(text(screen.getByTestId('quote-fee-fiat'))).toBe('≈ $9.88');
    expect(screen.getByText('Fee (1 %)').tagName).toBe('DT');
    expect(text(screen.getByTestId('quote-exact'))).toBe('978.16 USDT');
    expect(screen.getByText('You get exactly').tagName).toBe('DT');
  });

  it('flips the rate by click, Enter and Space; the button is named by what it shows', async () => {
    renderWithProviders(<QuoteDetails rate={rate} />);
    const user = userEvent.setup();
    const button = screen.getByRole('button', { name: '1 BTC ≈ 59,400 USDT. Show the rate the other way' });
    await user.click(button);
    expect(text(screen.getByTestId('quote-rate'))).toBe('1 USDT ≈ 0.00001684 BTC');
    expect(button.getAttribute('aria-label')).toBe('1 USDT ≈ 0.00001684 BTC. Show the rate the other way');
    await user.keyboard('{Enter}');
    expect(text(screen.getByTestId('quote-rate'))).toBe('1 BTC ≈ 59,400 USDT');
    await user.keyboard(' ');
    expect(text(screen.getByTestId('quote-rate'))).toBe('1 USDT ≈ 0.00001684 BTC');
  });

  it('leaves out what it is not given', () => {
    renderWithProviders(<QuoteDetails rate={rate} fee={{ amount: '0.0001 BTC', fiat: null, percent: null }} />);
    expect(screen.getByText('Fee').tagName).toBe('DT');
    expect(screen.queryByTestId('quote-fee-fiat')).toBeNull();
    expect(screen.queryByTestId('quote-exact')).toBeNull();
    expect(screen.queryByText('You get exactly')).toBeNull();
  });
});
