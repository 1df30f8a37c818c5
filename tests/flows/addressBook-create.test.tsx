/**
 * /settings/address-book/create (spec §5): name, network (non-token crypto networks only) and address
 * are required and validated as typed: the address is trimmed and checked against the network's
 * pattern ("Address format is wrong." under the field), Save stays disabled until all is valid, the
 * name shows its length against 64 and a longer one is refused with a message (never cut); the
 * server's INVALID_ADDRESS lands under the field, other failures are reported; Paste reads the
 * clipboard; "Address added" and back to the list.
 */
import { fireEvent, screen } from '@testing-library/react';
import { createActor } from 'xstate';
import {
  addressBookCreateMachine,
  addressProblem,
  type AddressBookCreateEvent,
  type CreateFailure,
} from '../../machines/addressBookCreate.machine';
import { AddressBookCreateScreen } from '../../src/features/addressBook/AddressBookCreateScreen';
import { networkOptions } from '../../src/features/addressBook/services';
import { describeModel } from '../support/mbt';
import { renderInRouter } from '../support/router';
import { typeInto } from '../support/authScreens';
import { btcCoin, labelled, usdtTrxCoin } from './asset-fixtures';
import { says } from '../support/dom';

const TRX = { ...usdtTrxCoin, currency: 'TRX', token: false, name: 'Tron' };
const LIGHTNING = { ...btcCoin, currency: 'BTC_LNG', blockchain: 'Lightning', network: 'lightning' };
const NETWORKS = networkOptions({ BTC: btcCoin, USDT_TRX: usdtTrxCoin, TRX, BTC_LNG: LIGHTNING });
const BTC = 'bc1qxy2kgdygjrsqtzq2n0yrf2493p83kkfjhx0wlh';
const input = (label: string) => screen.getByLabelText(label) as HTMLInputElement;
const save = () => screen.getByRole('button', { name: 'Save' }) as HTMLButtonElement;

const TOO_LONG = 'x'.repeat(65);

const editing: AddressBookCreateEvent[] = [
  { type: 'name.changed', value: 'Ann' },
  { type: 'name.changed', value: '  ' },
  { type: 'name.changed', value: TOO_LONG },
  { type: 'network.changed', value: 'Bitcoin' },
  { type: 'network.changed', value: 'Tron' },
  { type: 'address.changed', value: ` ${BTC} ` },
  { type: 'address.changed', value: '' },
  { type: 'address.changed', value: 'bc1-nope' },
  { type: 'address.pasted' },
  { type: 'form.submitted' },
];

describeModel('addressBookCreate', {
  machine: addressBookCreateMachine,
  input: {},
  events: {
    loadingNetworks: [
      { type: 'xstate.done.actor.loadNetworks', output: labelled('Bitcoin, Tron', [...NETWORKS]) },
      { type: 'xstate.error.actor.loadNetworks', error: { code: 'META_INFO' } },
    ],
    networksFailed: [{ type: 'networks.retried' }],
    editing,
    pasting: [
      { type: 'xstate.done.actor.readClipboard', output: `\n${BTC}  ` },
      { type: 'xstate.error.actor.readClipboard', error: new Error('denied') },
    ],
    saving: [
      {
        type: 'xstate.done.actor.createEntry',
        output: { id: 'e-9', name: 'Ann', blockchain: 'Bitcoin', address: BTC },
      },
      {
        type: 'xstate.error.actor.createEntry',
        error: { status: 400, code: 'INVALID_ADDRESS', message: 'Not a valid Bitcoin address', field: 'address' },
      },
      {
        type: 'xstate.error.actor.createEntry',
        error: { status: 503, code: 'HTTP_503', message: 'Service unavailable' },
      },
    ],
  },
  // Submitting with a field missing does nothing: checked once for each reason Save is refused (which
  // fields are missing, the name refused as too long, what is wrong with the address on which network),
  // not once for every combination of the values typed (112 of 124 paths were that).
  keepIgnored: (_s, e) => e.type === 'form.submitted',
  ignoredKey: (s) => {
    const c = s.context;
    const address =
      c.address.trim() === '' ? 'no address' : c.blockchain === '' ? 'address' : (addressProblem(c) ?? 'valid');
    return [
      JSON.stringify(s.value),
      c.name.trim() ? 'name' : 'no name',
      c.nameTooLong,
      c.blockchain || 'no network',
      address,
    ].join('|');
  },
  classify: (s) => `${s.context.nameTooLong ? 'long' : ''}|${s.context.addressRejected ? 'rejected' : ''}`,
  mount: async ({ fakes }) => {
    const notes: string[] = [];
    const actor = createActor(
      addressBookCreateMachine.provide({
        actors: {
          loadNetworks: fakes.promise('loadNetworks'),
          readClipboard: fakes.promise('readClipboard'),
          createEntry: fakes.promise('createEntry'),
        },
        actions: {
          notifyPasted: () => void notes.push('pasted'),
          notifyPasteFailed: () => void notes.push('pasteFailed'),
          notifyAdded: () => void notes.push('added'),
          goToList: () => void notes.push('list'),
          notifyFailed: (_, { failure }: { failure: CreateFailure }) => void notes.push(`failed:${failure.message}`),
        },
      }),
      { input: {} },
    ).start();
    await renderInRouter(<AddressBookCreateScreen actor={actor} />, { path: '/settings/address-book/create' });
    return { actor, notes };
  },
  drive: {
    'networks.retried': (_e, h) => h.user.click(screen.getByRole('button', { name: 'Retry' })),
    // A name over the limit arrives whole (as a paste would): it is refused, not cut.
    'name.changed': (e, h) =>
      e.value.length > 64
        ? void fireEvent.change(input('Name'), { target: { value: e.value } })
        : typeInto(h.user, input('Name'), e.value),
    'network.changed': (e, h) => h.user.selectOptions(screen.getByLabelText('Network'), e.value),
    'address.changed': (e, h) => typeInto(h.user, input('Address'), e.value),
    'address.pasted': (_e, h) => h.user.click(screen.getByRole('button', { name: 'Paste from clipboard' })),
    'form.submitted': (_e, h) => h.user.type(input('Name'), '{Enter}'),
  },
  states: {
    '*': () => expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('New address'),
    loadingNetworks: () => {
      expect(screen.getAllByRole('status').map(says), 'busy indicators').toEqual(['Loading networks']);
      expect(screen.queryByLabelText('Address')).toBeNull();
    },
    networksFailed: () => expect(screen.getByRole('alert').textContent).toContain('Could not load the networks.'),
    editing: (h, s, { event, history }) => {
      // Only the non-token crypto networks, one per blockchain (no USDT, no Lightning).
      const options = [...(screen.getByLabelText('Network') as HTMLSelectElement).options].map((o) => o.textContent);
      expect(options).toEqual(['Choose a network', 'Bitcoin', 'Tron']);
      expect(input('Name').value).toBe(s.context.name);
      expect(input('Address').value).toBe(s.context.address);
      expect((screen.getByLabelText('Network') as HTMLSelectElement).value).toBe(s.context.blockchain);
      // The name's length against the limit, always shown; a longer name was refused with a message.
      expect(screen.getByTestId('book-name-count').textContent).toBe(`${s.context.name.length}/64`);
      expect(s.context.name.length).toBeLessThanOrEqual(64);
      expect(!!screen.queryByText('A name can be at most 64 characters.')).toBe(s.context.nameTooLong);
      if (s.context.nameTooLong) expect(input('Name').getAttribute('aria-invalid')).toBe('true');
      // The address error as typed: only the known Bitcoin address on Bitcoin matches its pattern.
      const address = s.context.address.trim();
      const formatWrong =
        address !== '' && s.context.blockchain !== '' && !(s.context.blockchain === 'Bitcoin' && address === BTC);
      const rejected = !formatWrong && address !== '' && s.context.addressRejected;
      expect(!!screen.queryByText('Address format is wrong.')).toBe(formatWrong);
      expect(!!screen.queryByText(/not valid on the chosen network/)).toBe(rejected);
      expect(input('Address').getAttribute('aria-invalid')).toBe(formatWrong || rejected ? 'true' : null);
      const complete = s.context.name.trim() !== '' && s.context.blockchain !== '' && address !== '';
      expect(save().disabled).toBe(!complete || formatWrong || rejected);
      if (event?.type === 'xstate.done.actor.readClipboard') expect(h.notes.at(-1)).toBe('pasted');
      if (event?.type === 'xstate.error.actor.readClipboard') expect(h.notes.at(-1)).toBe('pasteFailed');
      // The server's address rejection is shown under the field, not as a toast; others are reported.
      const reported = history.filter(
        (e) =>
          e.type === 'xstate.error.actor.createEntry' &&
          (e as { error?: { code?: string } }).error?.code !== 'INVALID_ADDRESS',
      );
      expect(h.notes.filter((n) => n.startsWith('failed:'))).toEqual(reported.map(() => 'failed:Service unavailable'));
      expect(h.notes).not.toContain('added');
      expect(history.filter((e) => e.type === 'xstate.done.actor.createEntry')).toHaveLength(0);
    },
    pasting: () =>
      expect(screen.getByRole('button', { name: 'Paste from clipboard' }).getAttribute('aria-busy')).toBe('true'),
    saving: (h, s) => {
      expect(save().getAttribute('aria-busy')).toBe('true');
      expect(input('Name').readOnly).toBe(true);
      // Trimmed, on the chosen network.
      expect(h.fakes.calls('createEntry').at(-1)).toEqual({
        name: s.context.name.trim(),
        blockchain: 'Bitcoin',
        address: BTC,
      });
    },
    saved: (h) => {
      expect(h.notes.slice(-2)).toEqual(['added', 'list']);
      // Until the list opens the form stays locked: no second submit of the same entry.
      expect(save().getAttribute('aria-busy')).toBe('true');
      expect(input('Name').readOnly).toBe(true);
    },
  },
});

describe('address book create, prefilled from a send', () => {
  it('keeps the recipient and its network when the network is on offer', async () => {
    const actor = createActor(
      addressBookCreateMachine.provide({
        actors: { loadNetworks: (await import('xstate')).fromPromise(async () => NETWORKS) },
      }),
      { input: { address: ` ${BTC}`, blockchain: 'Bitcoin' } },
    ).start();
    await renderInRouter(<AddressBookCreateScreen actor={actor} />, { path: '/settings/address-book/create' });
    expect(input('Address').value).toBe(BTC);
    expect((screen.getByLabelText('Network') as HTMLSelectElement).value).toBe('Bitcoin');
  });
});

describe('address book create, the name limit', () => {
  it('takes 64 characters typed, refuses the 65th with a message and keeps the 64', async () => {
    const { fromPromise } = await import('xstate');
    const { default: userEvent } = await import('@testing-library/user-event');
    const user = userEvent.setup();
    const actor = createActor(
      addressBookCreateMachine.provide({ actors: { loadNetworks: fromPromise(async () => NETWORKS) } }),
      { input: {} },
    ).start();
    await renderInRouter(<AddressBookCreateScreen actor={actor} />, { path: '/settings/address-book/create' });
    await user.type(input('Name'), 'n'.repeat(64));
    expect(screen.getByTestId('book-name-count').textContent).toBe('64/64');
    expect(screen.queryByText('A name can be at most 64 characters.')).toBeNull();
    await user.type(input('Name'), 'z');
    expect(input('Name').value).toBe('n'.repeat(64));
    expect(screen.getByRole('alert').textContent).toBe('A name can be at most 64 characters.');
    await user.type(input('Name'), '{Backspace}');
    expect(screen.getByTestId('book-name-count').textContent).toBe('63/64');
    expect(screen.queryByText('A name can be at most 64 characters.')).toBeNull();
  });
});
