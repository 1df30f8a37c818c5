import { screen } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import type { AuthEffects } from '../../src/features/auth/effects';

/** Spies standing in for the router, the toast area and the platform. */
export function fakeEffects() {
  return {
    navigate: vi.fn<AuthEffects['navigate']>(),
    toast: vi.fn<AuthEffects['toast']>(),
    openLink: vi.fn<AuthEffects['openLink']>(),
  };
}

export const input = (label: string) => screen.getByLabelText(label, { selector: 'input' }) as HTMLInputElement;

export const submitButton = (name: string | RegExp) => screen.getByRole('button', { name }) as HTMLButtonElement;

/** Replace a field's text the way a user would; an empty value just clears it. */
export async function typeInto(user: UserEvent, field: HTMLInputElement, value: string) {
  await user.clear(field);
  if (value) await user.type(field, value);
}
