/**
 * Spec §9: addresses (and hashes) are shortened for display to 12 or 15 characters: the first and last
 * characters around an ellipsis ("bc1qar…5mdq" keeps 6 + 6 for 12, 8 + 7 for 15). The full value is
 * always what gets copied.
 */
export type ShortLength = 12 | 15;

export function shortenAddress(value: string, length: ShortLength = 12): string {
  const text = value.trim();
  // Shortening must save something, or the ellipsis only hides characters for nothing.
  if (text.length <= length + 1) return text;
  const head = Math.ceil(length / 2);
  const tail = length - head;
  return `${text.slice(0, head)}…${text.slice(text.length - tail)}`;
}
