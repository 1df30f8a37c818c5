// The sandbox Telegram harness (served at /dev/telegram): a stand-in for Telegram's web client.
// The app runs in the frame and speaks the web-client protocol: JSON `{eventType, eventData}` strings
// posted to the parent window, answered by strings posted into the frame.
'use strict';

const $ = (id) => document.getElementById(id);
let frame = /** @type {HTMLIFrameElement} */ ($('app'));

/** Telegram's theme params, as its clients send them. */
const THEMES = {
  light: {
    bg_color: '#ffffff',
    text_color: '#000000',
    hint_color: '#999999',
    link_color: '#2481cc',
    button_color: '#2481cc',
    button_text_color: '#ffffff',
    secondary_bg_color: '#efeff3',
    header_bg_color: '#ffffff',
    bottom_bar_bg_color: '#ffffff',
    accent_text_color: '#2481cc',
    section_bg_color: '#ffffff',
    section_header_text_color: '#6d6d71',
    subtitle_text_color: '#999999',
    destructive_text_color: '#ff3b30',
  },
  dark: {
    bg_color: '#17212b',
    text_color: '#f5f5f5',
    hint_color: '#708499',
    link_color: '#6ab3f3',
    button_color: '#5288c1',
    button_text_color: '#ffffff',
    secondary_bg_color: '#232e3c',
    header_bg_color: '#17212b',
    bottom_bar_bg_color: '#17212b',
    accent_text_color: '#6ab2f2',
    section_bg_color: '#17212b',
    section_header_text_color: '#6ab3f3',
    subtitle_text_color: '#708499',
    destructive_text_color: '#ec3942',
  },
};

const USERS = {
  ada: () => ({ id: 5000001, first_name: 'Ada', last_name: 'Lovelace', username: 'ada_sandbox', language_code: 'en' }),
  boris: () => ({
    id: 5000002,
    first_name: 'Борис',
    last_name: 'Петров',
    username: 'boris_sandbox',
    language_code: 'ru',
  }),
  new: () => ({ id: 6000000 + Math.floor(Math.random() * 90000000), first_name: 'Newcomer', language_code: 'en' }),
};

const state = { back: false, main: null, closing: false, swipes: true, themeKey: 'light', qrOpen: false };
/**
 * The device's biometrics as Telegram's iOS client reports them (Face ID, asked in a dialog here):
 * only an iOS launch has them, and each launch is a fresh device (see launch()).
 */
const biometry = { platform: 'ios', requested: false, granted: false, token: '' };
/** Every message both ways, for the raw view and for tests. */
const messages = [];
window.__harnessMessages = messages;
/** Whose chat with the bot the pane shows: the launched user's ("new" gets a random id each launch). */
let chatUserId = null;
let chatSeen = '';

function raw(direction, eventType, eventData) {
  messages.push({ direction, eventType, eventData });
  const line = `${direction === 'in' ? '← app' : '→ app'} ${eventType}${eventData === undefined ? '' : ` ${JSON.stringify(eventData)}`}\n`;
  $('raw').append(line);
}

function log(text) {
  const item = document.createElement('li');
  item.textContent = `${new Date().toLocaleTimeString()} ${text}`;
  $('log').append(item);
  item.scrollIntoView({ block: 'nearest' });
}

/** An event from Telegram to the app. */
function send(eventType, eventData) {
  raw('out', eventType, eventData);
  frame.contentWindow?.postMessage(JSON.stringify({ eventType, eventData }), window.location.origin);
}

// The SDK in the frame posts to window.parent with the real web client's target origin
// (https://web.telegram.org), which the browser would refuse to deliver here. This page has the app's
// origin, so the frame's `window.parent.postMessage` is this very function: it receives exactly what
// the real web client would.
window.postMessage = (message) => {
  let parsed;
  try {
    parsed = typeof message === 'string' ? JSON.parse(message) : message;
  } catch {
    return;
  }
  if (!parsed || typeof parsed.eventType !== 'string') return;
  raw('in', parsed.eventType, parsed.eventData);
  handle(parsed.eventType, parsed.eventData ?? {});
};

function viewport() {
  return { height: frame.clientHeight, width: frame.clientWidth, is_expanded: true, is_state_stable: true };
}
const NO_INSETS = { top: 0, bottom: 0, left: 0, right: 0 };

function handle(type, data) {
  switch (type) {
    case 'web_app_request_theme':
      return send('theme_changed', { theme_params: THEMES[state.themeKey] });
    // requestWriteAccess (issue 24): the user lets the bot message them, or not (the form's choice).
    case 'web_app_request_write_access': {
      const status = $('write-access').value === 'cancelled' ? 'cancelled' : 'allowed';
      log(`Write access requested: ${status}`);
      return send('write_access_requested', { status });
    }
    case 'web_app_request_viewport':
    case 'web_app_expand':
      return send('viewport_changed', viewport());
    // The header and the main button are drawn outside the frame, so nothing covers the app.
    case 'web_app_request_safe_area':
      return send('safe_area_changed', NO_INSETS);
    case 'web_app_request_content_safe_area':
      return send('content_safe_area_changed', NO_INSETS);
    case 'web_app_biometry_get_info':
      return send('biometry_info_received', biometryInfo());
    case 'web_app_biometry_request_access':
      return requestBiometryAccess(data.reason);
    case 'web_app_biometry_request_auth':
      return requestBiometryAuth(data.reason);
    case 'web_app_biometry_update_token':
      return updateBiometryToken(data.token);
    case 'web_app_biometry_open_settings':
      return log('Open biometry settings');
    // No clipboard access from here: the app falls back to the browser's clipboard.
    case 'web_app_read_text_from_clipboard':
      return send('clipboard_text_received', { req_id: data.req_id });
    case 'web_app_setup_back_button':
      state.back = Boolean(data.is_visible);
      return drawBack();
    case 'web_app_setup_main_button':
      state.main = data;
      return drawMain();
    case 'web_app_setup_closing_behavior':
      state.closing = Boolean(data.need_confirmation);
      log(`Closing confirmation ${state.closing ? 'on' : 'off'}`);
      return drawState();
    case 'web_app_setup_swipe_behavior':
      state.swipes = Boolean(data.allow_vertical_swipe);
      log(`Vertical swipes ${state.swipes ? 'on' : 'off'}`);
      return drawState();
    case 'web_app_trigger_haptic_feedback':
      return log(
        `Haptic: ${data.type}${data.impact_style ? ` ${data.impact_style}` : ''}${data.notification_type ? ` ${data.notification_type}` : ''}`,
      );
    case 'web_app_open_popup':
      return openPopup(data);
    case 'web_app_open_scan_qr_popup':
      return openQr(data.text);
    case 'web_app_close_scan_qr_popup':
      return closeQr(false);
    case 'web_app_set_header_color':
      if (data.color) document.documentElement.style.setProperty('--tg-header', data.color);
      return;
    case 'web_app_set_bottom_bar_color':
      if (data.color) document.documentElement.style.setProperty('--tg-bottom', data.color);
      return;
    case 'web_app_set_background_color':
      if (data.color) frame.style.background = data.color;
      return;
    case 'web_app_open_link':
      log(`Open link: ${data.url}`);
      window.open(data.url, '_blank', 'noopener');
      return;
    case 'web_app_open_tg_link':
      return log(`Open Telegram link: https://t.me${data.path_full}`);
    case 'web_app_close':
      return closeApp();
    case 'web_app_ready':
      return log('The app is ready');
    default:
      return undefined;
  }
}

function drawBack() {
  $('tg-back').hidden = !state.back;
  $('tg-back-space').hidden = state.back;
  drawState();
}

function drawMain() {
  const main = state.main;
  const visible = Boolean(main?.is_visible);
  // The main button takes its height from the app's view, as in Telegram: the app hears the new size.
  const resized = $('tg-bottom').hidden === visible;
  $('tg-bottom').hidden = !visible;
  if (resized && frame.contentWindow) send('viewport_changed', viewport());
  if (visible) {
    const button = $('tg-main');
    $('tg-main-text').textContent = main.text ?? '';
    button.disabled = !main.is_active;
    button.setAttribute('aria-busy', String(Boolean(main.is_progress_visible)));
    $('tg-main-loader').hidden = !main.is_progress_visible;
    button.style.background = main.color ?? THEMES[state.themeKey].button_color;
    button.style.color = main.text_color ?? THEMES[state.themeKey].button_text_color;
  }
  drawState();
}

function drawState() {
  const main = state.main;
  $('state-back').textContent = state.back ? 'shown' : 'hidden';
  $('state-main').textContent = main?.is_visible
    ? `"${main.text}"${main.is_active ? '' : ', disabled'}${main.is_progress_visible ? ', loader' : ''}`
    : 'hidden';
  $('state-closing').textContent = state.closing ? 'on' : 'off';
  $('state-swipes').textContent = state.swipes ? 'on' : 'off';
}

/** A popup with up to three buttons; the answer names the button, or nothing when dismissed. */
function showDialog(title, message, buttons, onAnswer) {
  $('popup-title').textContent = title || 'Wallet';
  $('popup-message').textContent = message;
  const row = $('popup-buttons');
  row.replaceChildren();
  for (const b of buttons) {
    const button = document.createElement('button');
    button.type = 'button';
    button.textContent = b.text || { ok: 'OK', close: 'Close', cancel: 'Cancel' }[b.type] || b.id;
    if (b.type === 'destructive') button.className = 'destructive';
    button.addEventListener('click', () => {
      $('popup').hidden = true;
      onAnswer(b.id);
    });
    row.append(button);
  }
  $('popup').hidden = false;
  row.querySelector('button')?.focus();
}

function openPopup(data) {
  log(`Popup: ${data.title ? `${data.title}: ` : ''}${data.message}`);
  const buttons = data.buttons?.length ? data.buttons : [{ id: '', type: 'close' }];
  showDialog(data.title, data.message, buttons, (id) => {
    log(`Popup closed with ${id ? `"${id}"` : 'no button'}`);
    send('popup_closed', id ? { button_id: id } : {});
  });
}

function biometryInfo() {
  if (biometry.platform !== 'ios') return { available: false };
  return {
    available: true,
    type: 'face',
    access_requested: biometry.requested,
    access_granted: biometry.granted,
    token_saved: biometry.token !== '',
    device_id: 'harness-device',
  };
}

function requestBiometryAccess(reason) {
  if (biometry.platform !== 'ios' || biometry.requested) return send('biometry_info_received', biometryInfo());
  log(`Biometry access asked${reason ? `: ${reason}` : ''}`);
  showDialog(
    'Face ID',
    `Allow “Wallet” to use Face ID?${reason ? `\n${reason}` : ''}`,
    [
      { id: 'allow', text: 'Allow' },
      { id: 'deny', type: 'cancel', text: 'Don’t allow' },
    ],
    (id) => {
      biometry.requested = true;
      biometry.granted = id === 'allow';
      log(`Biometry access ${biometry.granted ? 'granted' : 'refused'}`);
      send('biometry_info_received', biometryInfo());
    },
  );
}

function requestBiometryAuth(reason) {
  if (biometry.platform !== 'ios' || !biometry.granted) return send('biometry_auth_requested', { status: 'failed' });
  log(`Face ID asked${reason ? `: ${reason}` : ''}`);
  showDialog(
    'Face ID',
    reason || 'Confirm with Face ID',
    [
      { id: 'face', text: 'Recognise my face' },
      { id: 'cancel', type: 'cancel', text: 'Cancel' },
    ],
    (id) => {
      const ok = id === 'face' && biometry.token !== '';
      log(ok ? 'Face ID recognised: the stored token is handed to the app' : 'Face ID refused');
      send('biometry_auth_requested', ok ? { status: 'authorized', token: biometry.token } : { status: 'failed' });
    },
  );
}

function updateBiometryToken(token) {
  if (biometry.platform !== 'ios' || !biometry.granted) return send('biometry_token_updated', { status: 'failed' });
  biometry.token = token || '';
  log(biometry.token ? 'Biometric token stored' : 'Biometric token removed');
  send('biometry_token_updated', { status: biometry.token ? 'updated' : 'removed' });
}

function openQr(text) {
  state.qrOpen = true;
  log('QR popup opened');
  $('qr-text').textContent = text ?? '';
  $('qr-value').value = '';
  $('qr').hidden = false;
  $('qr-value').focus();
}

function closeQr(byUser) {
  if (!state.qrOpen) return;
  state.qrOpen = false;
  $('qr').hidden = true;
  if (byUser) {
    log('QR popup closed by the user');
    send('scan_qr_popup_closed', {});
  }
}

$('qr-form').addEventListener('submit', (event) => {
  event.preventDefault();
  const value = $('qr-value').value.trim();
  if (!value) return;
  log('QR code scanned');
  send('qr_text_received', { data: value });
});
$('qr-cancel').addEventListener('click', () => closeQr(true));
document.addEventListener('keydown', (event) => {
  if (event.key === 'Escape' && state.qrOpen) closeQr(true);
});

$('tg-back').addEventListener('click', () => send('back_button_pressed'));
$('tg-main').addEventListener('click', () => send('main_button_pressed'));
$('tg-close').addEventListener('click', () => {
  if (!state.closing) return closeApp();
  // What Telegram asks when the app turned closing confirmation on.
  log('Close asked: the app wants a confirmation');
  showDialog(
    '',
    'Changes that you made may not be saved.',
    [
      { id: 'close', type: 'destructive', text: 'Close anyway' },
      { id: 'cancel', type: 'cancel' },
    ],
    (id) => id === 'close' && closeApp(),
  );
});
// Telegram's "Reload page" menu item: the app keeps its launch parameters (session storage) and session.
$('tg-reload').addEventListener('click', () => {
  log('Reload');
  resetControls();
  frame.contentWindow?.location.reload();
});
$('reopen').addEventListener('click', () => void launch());

function closeApp() {
  log('The Mini App was closed');
  frame.src = 'about:blank';
  resetControls();
  $('closed').hidden = false;
}

function resetControls() {
  Object.assign(state, { back: false, main: null, closing: false, swipes: true, qrOpen: false });
  $('popup').hidden = true;
  $('qr').hidden = true;
  drawBack();
  drawMain();
}

function applyTheme(key) {
  state.themeKey = key;
  const theme = THEMES[key];
  document.documentElement.dataset.theme = key;
  document.documentElement.style.setProperty('--tg-header', theme.header_bg_color);
  document.documentElement.style.setProperty('--tg-bottom', theme.bottom_bar_bg_color);
  document.documentElement.style.setProperty('--tg-text', theme.text_color);
}

$('theme').addEventListener('change', () => {
  applyTheme($('theme').value);
  log(`Theme changed to ${state.themeKey}`);
  send('theme_changed', { theme_params: THEMES[state.themeKey] });
  drawMain();
});

/** The user of the last launch: a bot button opens the Mini App again as the same user. */
let lastUser = null;
async function launch(sameUser = false) {
  const status = $('launch-status');
  const user = sameUser && lastUser ? lastUser : USERS[$('user').value]();
  lastUser = user;
  const platform = $('platform').value;
  status.textContent = 'Signing init data…';
  const res = await fetch('/dev/telegram/init-data', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    // ?startapp= as a t.me/<bot>?startapp= link hands it over (a payment request's pay-…, issue 25).
    body: JSON.stringify({ user, ...(startParam ? { start_param: startParam } : {}) }),
  });
  if (!res.ok) {
    status.textContent = `The gateway refused to sign init data (${res.status}).`;
    return;
  }
  const { initData } = await res.json();
  // Each launch is a fresh start: a stored session (maybe another user's) would win over the init data,
  // and the last user's language or theme choice over this user's and Telegram's. The phone stays the same
  // phone, though: its device id is kept, or every launch would be a sign-in from a new device (issue 24).
  const device = localStorage.getItem('deviceId');
  localStorage.clear();
  if (device) localStorage.setItem('deviceId', device);
  sessionStorage.clear();
  Object.assign(biometry, { platform, requested: false, granted: false, token: '' });
  resetControls();
  $('closed').hidden = true;
  $('log').replaceChildren();
  $('raw').replaceChildren();
  messages.length = 0;
  const hash = new URLSearchParams({
    tgWebAppData: initData,
    tgWebAppVersion: '8.0',
    tgWebAppPlatform: platform,
    tgWebAppThemeParams: JSON.stringify(THEMES[state.themeKey]),
    ...(startParam ? { tgWebAppStartParam: startParam } : {}),
  });
  // A new frame each time: setting src to a URL that differs only in its hash would not reload the app.
  const next = /** @type {HTMLIFrameElement} */ (frame.cloneNode());
  next.src = `/#${hash}`;
  frame.replaceWith(next);
  frame = next;
  status.textContent = `Launched as ${user.first_name} (id ${user.id}) on ${platform}.`;
  chatUserId = user.id;
  chatSeen = '';
  void drawChat();
  log(`Launched as ${user.first_name} on ${platform}`);
}

$('launch').addEventListener('submit', (event) => {
  event.preventDefault();
  void launch();
});

// ?user=&platform=&theme=&writeAccess= preselect the form (links in the README); the app starts at once.
const query = new URLSearchParams(window.location.search);
let startParam = query.get('startapp');
for (const [name, id] of [
  ['user', 'user'],
  ['platform', 'platform'],
  ['theme', 'theme'],
  ['writeAccess', 'write-access'],
]) {
  const select = $(id);
  const wanted = query.get(name);
  if (wanted && [...select.options].some((o) => o.value === wanted)) select.value = wanted;
}
applyTheme($('theme').value);
void launch();

/**
 * The chat with the bot (issue 24): the sandbox Bot API's messages to the launched user, newest at the
 * bottom, with their inline buttons. A web_app button opens the Mini App at its start parameter, as
 * Telegram would open the button's URL: here the app is launched again with that `startapp`.
 */
async function drawChat() {
  const id = chatUserId;
  if (id === null) return;
  const res = await fetch(`/dev/telegram/bot/messages?chat_id=${id}`).catch(() => null);
  if (!res?.ok) return;
  const list = await res.json();
  const key = JSON.stringify(list.map((m) => m.message_id));
  if (key === chatSeen) return;
  chatSeen = key;
  $('chat-empty').hidden = list.length > 0;
  $('chat').replaceChildren(
    ...list
      .slice()
      .reverse()
      .map((m) => {
        const item = document.createElement('li');
        item.dataset.messageId = String(m.message_id);
        const text = document.createElement('div');
        text.textContent = m.text;
        item.append(text);
        for (const row of m.reply_markup?.inline_keyboard ?? []) {
          for (const b of row) {
            const button = document.createElement('button');
            button.type = 'button';
            button.textContent = b.text;
            button.addEventListener('click', () => {
              const url = b.web_app?.url ?? b.url ?? '';
              let start = null;
              try {
                const parsed = new URL(url, window.location.href);
                start = parsed.searchParams.get('tgWebAppStartParam') ?? parsed.searchParams.get('startapp');
              } catch {
                /* not a URL: open without a start parameter */
              }
              log(`Bot button “${b.text}” pressed: opening the Mini App${start ? ` at ${start}` : ''}`);
              startParam = start;
              void launch(true);
            });
            item.append(button);
          }
        }
        return item;
      }),
  );
  const chat = $('chat');
  chat.scrollTop = chat.scrollHeight;
}
window.__harnessChat = drawChat;
setInterval(() => void drawChat(), 1000);
