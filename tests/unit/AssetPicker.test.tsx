/**
 * <AssetPicker>: a named list of assets (logo, name, network, balance and its fiat value) whose rows
 * are buttons or links, a search box that talks to the caller, and a status when nothing matches.
 */
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { AssetPicker, type PickerItem } from '../../src/ui/AssetPicker';
import { catalogue } from '../fixtures/wallet';
import { renderInRouter } from '../support/router';
import { says, text } from '../support/dom';

const coin = (currency: string) => catalogue.find((c) => c.currency === currency) ?? null;
const items: PickerItem[] = [
  { currency: 'BTC', coin: coin('BTC'), available: '0.5', rate: { fiat: 'USD', rate: 60000 } },
  { currency: 'USDT_TRX', coin: coin('USDT_TRX'), available: '100.5', rate: null },
  { currency: 'ETH', coin: coin('ETH'), available: null },
];

describe('AssetPicker', () => {
  it('lists each asset with its name, network, balance and fiat value', async () => {
    await renderInRouter(<AssetPicker items={items} label="Assets to swap from" empty="Nothing" onPick={() => {}} />);
    const list = screen.getByRole('list', { name: 'Assets to swap from' });
    const rows = within(list).getAllByRole('button');
    expect(rows).toHaveLength(3);
    expect(text(rows[0])).toContain('Bitcoin');
    expect(text(within(rows[0]).getByTestId('picker-available'))).toBe('0.5 BTC');
    expect(text(within(rows[0]).getByTestId('picker-fiat'))).toBe('$30,000.00');
    expect(text(within(rows[1]).getByTestId('network-badge'))).toBe('TRC-20');
    expect(within(rows[1]).queryByTestId('picker-fiat')).toBeNull();
    expect(within(rows[2]).queryByTestId('picker-available')).toBeNull();
  });

  it('picks by click and by keyboard', async () => {
    const picked: string[] = [];
    await renderInRouter(<AssetPicker items={items} label="Assets" empty="Nothing" onPick={(c) => picked.push(c)} />);
    const user = userEvent.setup();
    await user.click(screen.getAllByRole('button')[1]);
    await user.tab();
    await user.keyboard('{Enter}');
    expect(picked).toEqual(['USDT_TRX', 'ETH']);
  });

  it('rows are links when picking is navigation', async () => {
    const r = await renderInRouter(
      <AssetPicker
        items={items.slice(0, 1)}
        label="Assets"
        empty="Nothing"
        linkOf={(item) => ({ to: '/sell/pay', search: { currency: item.currency } })}
      />,
    );
    const link = within(screen.getByRole('list', { name: 'Assets' })).getByRole('link');
    expect(link.getAttribute('href')).toBe('/sell/pay?currency=BTC');
    await act(async () => link.click());
    expect(r.location().pathname).toBe('/sell/pay');
  });

  it('has a search box the caller answers, cleared with Escape', async () => {
    const typed: string[] = [];
    let cleared = 0;
    await renderInRouter(
      <AssetPicker
        items={[]}
        label="Assets"
        empty="No assets match “zzz”."
        onPick={() => {}}
        search={{ value: '', onChange: (v) => typed.push(v), onClear: () => void (cleared += 1) }}
      />,
    );
    const box = screen.getByRole('searchbox', { name: 'Search by name or code' });
    const user = userEvent.setup();
    await user.type(box, 'z');
    await user.keyboard('{Escape}');
    expect([typed, cleared]).toEqual([['z'], 1]);
    const status = screen.getByRole('status');
    expect(says(status)).toBe('No assets match “zzz”.');
    expect(box.getAttribute('aria-controls')).toBe(status.id);
    expect(screen.queryByRole('list')).toBeNull();
  });

  it('shows what the caller gives instead of the list while there is none, under the search', async () => {
    const typed: string[] = [];
    await renderInRouter(
      <AssetPicker
        items={items}
        label="Coins"
        empty="Nothing"
        search={{ value: '', onChange: (v) => typed.push(v) }}
        instead={<p role="alert">Could not load the coins.</p>}
        onPick={() => {}}
      />,
    );
    expect(screen.queryByRole('list', { name: 'Coins' })).toBeNull();
    expect(says(screen.getByRole('alert'))).toBe('Could not load the coins.');
    await userEvent.setup().type(screen.getByRole('searchbox', { name: 'Search by name or code' }), 'b');
    expect(typed).toEqual(['b']);
  });
});
