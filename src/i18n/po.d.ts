declare module '*.po' {
  export const messages: Record<string, unknown>;
}

// One part of a catalogue (vite.plugins.ts, catalogueParts).
declare module '*?lingui' {
  export const messages: Record<string, unknown>;
}
