import * as css from './CoinLogo.css';

/**
 * Coin logos ship with the app (src/assets/coins/*.svg, inlined at build time as data URIs): no
 * network fetch, so lists render complete offline and inside the messenger.
 */
const files = import.meta.glob<string>('../assets/coins/*.svg', { query: '?raw', import: 'default', eager: true });

const logos: Record<string, string> = Object.fromEntries(
  Object.entries(files).map(([path, svg]) => [
    path.replace(/^.*\/([^/]+)\.svg$/, '$1'),
    `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`,
  ]),
);

const aliases: Record<string, string> = {
  lightning: 'btc_lng',
  lng: 'btc_lng',
  usdt_trx: 'usdt',
  usdt_eth: 'usdt',
  tron: 'trx',
};

/** 'BTC' / 'btc' → the btc logo; 'USDT_TRX' → usdt; unknown names → null (letter badge). */
export function logoKey(name: string | null | undefined): string | null {
  if (!name) return null;
  const key = name.trim().toLowerCase();
  if (logos[key]) return key;
  if (aliases[key]) return aliases[key];
  const head = key.split(/[_-]/)[0];
  return logos[head] ? head : null;
}

type Props = {
  logoName: string;
  /** The network's native coin (spec §3); shown as a small badge when it differs from the coin itself. */
  secondaryLogoName?: string | null;
  size?: number;
};

function Logo({ name }: { name: string }) {
  const key = logoKey(name);
  if (key) return <img className={css.image} src={logos[key]} alt="" draggable={false} />;
  return (
    <span className={css.fallback} data-fallback="true">
      {name.trim().charAt(0) || '?'}
    </span>
  );
}

/** Decorative: the coin's name is always written next to it. */
export function CoinLogo({ logoName, secondaryLogoName, size = 40 }: Props) {
  const main = logoKey(logoName) ?? logoName.toLowerCase();
  const badge =
    secondaryLogoName && (logoKey(secondaryLogoName) ?? secondaryLogoName.toLowerCase()) !== main
      ? secondaryLogoName
      : null;
  return (
    <span
      className={css.root}
      style={{ width: size, height: size, fontSize: Math.round(size * 0.45) }}
      aria-hidden="true"
      data-logo={logoKey(logoName) ?? 'fallback'}
      data-badge={badge ? (logoKey(badge) ?? 'fallback') : undefined}
    >
      <Logo name={logoName} />
      {badge ? (
        <span className={css.badge} style={{ fontSize: Math.round(size * 0.2) }}>
          <Logo name={badge} />
        </span>
      ) : null}
    </span>
  );
}
