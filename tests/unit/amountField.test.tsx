/**
 * The shared amount field (<TextField inputMode="decimal">, used by send, swap, sell and buy) in
 * Russian: the decimal comma is shown while typing and after Max; the value kept (and sent) has a point.
 */
import { useState } from 'react';
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { i18n } from '@lingui/core';
import { afterEach, describe, expect, it } from 'vitest';
import { nextAmount, toWireAmount } from '../../machines/shared/amountInput';
import { localAmount } from '../../machines/shared/decimalMark';
import { TextField } from '../../src/ui/TextField';
import { renderWithProviders } from '../support/render';

/** What a flow machine does with the field: keeps the accepted value (acceptAmount), point-decimal. */
function Amount({ kept, max }: { kept: string[]; max: string }) {
  const [value, setValue] = useState('');
  const keep = (v: string) => {
    kept.push(v);
    setValue(v);
  };
  return (
    <>
      <TextField
        label="Amount, BTC"
        inputMode="decimal"
        value={value}
        onValueChange={(raw) => keep(nextAmount(value, raw))}
      />
      <button type="button" onClick={() => keep(max)}>
        Max
      </button>
    </>
  );
}

const field = () => screen.getByLabelText('Amount, BTC') as HTMLInputElement;

afterEach(() => act(() => i18n.activate('en')));

describe('amount field', () => {
  it('localAmount writes the language’s decimal mark', () => {
    expect(localAmount('0.00001', 'ru')).toBe('0,00001');
    expect(localAmount('0.', 'ru')).toBe('0,');
    expect(localAmount('12', 'ru')).toBe('12');
    expect(localAmount('0.00001', 'en')).toBe('0.00001');
  });

  it('in Russian shows "0,00001" as typed and "0,49900215" after Max; the value stays point-decimal', async () => {
    act(() => i18n.activate('ru'));
    const kept: string[] = [];
    renderWithProviders(<Amount kept={kept} max="0.49900215" />);
    const user = userEvent.setup();
    await user.type(field(), '0,00001');
    expect(field().value).toBe('0,00001');
    expect(kept.at(-1)).toBe('0.00001');
    expect(toWireAmount(kept.at(-1)!)).toBe('0.00001');
    await user.click(screen.getByRole('button', { name: 'Max' }));
    expect(field().value).toBe('0,49900215');
    expect(kept.at(-1)).toBe('0.49900215');
  });

  it('in English a typed comma reads as a point', async () => {
    const kept: string[] = [];
    renderWithProviders(<Amount kept={kept} max="1.25" />);
    const user = userEvent.setup();
    await user.type(field(), '0,5');
    expect(field().value).toBe('0.5');
    expect(kept.at(-1)).toBe('0.5');
  });
});
